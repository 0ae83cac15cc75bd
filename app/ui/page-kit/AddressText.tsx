import { Fragment, type ReactNode } from "react";

/**
 * An e-mail or web address that wraps where a reader expects it to: a soft break (<wbr>) before
 * the "@" and before each dot, so a phone shows "hello@stormkettle" / ".example", never
 * "hello@stormkettle.examp" / "le". Only a part longer than the whole line still breaks inside
 * (overflow-wrap, in this span only).
 */
export function AddressText({ children }: { children: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const part of children.split(/(?=[@.])/)) {
    nodes.push(
      <Fragment key={offset}>
        {offset > 0 ? <wbr /> : null}
        {part}
      </Fragment>,
    );
    offset += part.length;
  }
  return <span className="address-text">{nodes}</span>;
}
