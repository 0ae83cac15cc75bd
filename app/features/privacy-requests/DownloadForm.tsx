/*
 * In a module of its own: the account area's data page loads it at once, and would otherwise
 * load the whole data-rights list with it (its JavaScript ceiling, scripts/js-budget.ts).
 */

/** A download button: a plain form, so the browser saves the zip the action answers. */
export function DownloadForm({
  action,
  fields,
  label,
  describedBy,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  describedBy?: string;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button" aria-describedby={describedBy}>
        {label}
      </button>
    </form>
  );
}
