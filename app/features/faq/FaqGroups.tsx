import { FaqList } from "./FaqList";
import type { FaqGroup } from "./types";

/** A section's FAQ: one category as a plain list, several under their own subheadings. */
export function FaqGroups({ groups }: { groups: FaqGroup[] }) {
  if (groups.length === 1) return <FaqList items={groups[0]!.items} />;
  return (
    <div className="faq-groups">
      {groups.map((group) => (
        <div key={group.id} className="faq-group" id={`faq-${group.slug}`}>
          <h3 className="subheading">{group.title}</h3>
          {group.description ? <p className="faq-group__intro">{group.description}</p> : null}
          <FaqList items={group.items} />
        </div>
      ))}
    </div>
  );
}
