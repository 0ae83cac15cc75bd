import { RichText } from "~/ui/page-kit/RichText";
import type { FaqEntry } from "./types";

/**
 * Questions as native disclosure widgets: keyboard and screen-reader support comes with
 * <details>/<summary>, they work without JavaScript, and find-in-page opens the right answer.
 */
export function FaqList({ items }: { items: FaqEntry[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.id} className="faq__item" id={`faq-${item.slug}`}>
          <summary className="faq__question">
            <span>{item.title}</span>
            <svg
              className="faq__icon"
              viewBox="0 0 20 20"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </summary>
          <RichText className="faq__answer" html={item.html} />
        </details>
      ))}
    </div>
  );
}
