/**
 * The bot trap every public form carries: a text field people never see (off-screen, out of the
 * tab order, hidden from assistive technology) that naive bots fill in. The server drops a
 * submission that fills it while answering as if it were sent, so bots learn nothing.
 */
export function Honeypot({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
