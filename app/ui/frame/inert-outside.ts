/**
 * Makes everything on the page except `element` inert (not focusable, hidden from assistive
 * technology) and returns a function that undoes it. This is what makes a layer modal for
 * screen-reader users too, where a Tab trap alone only stops the keyboard.
 */
export function inertOutside(element: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  let node: HTMLElement | null = element;
  while (node && node !== document.body) {
    const parent: HTMLElement | null = node.parentElement;
    for (const sibling of parent ? [...parent.children] : []) {
      if (
        sibling !== node &&
        sibling instanceof HTMLElement &&
        !sibling.inert &&
        sibling.tagName !== "SCRIPT"
      ) {
        sibling.inert = true;
        changed.push(sibling);
      }
    }
    node = parent;
  }
  return () => {
    for (const sibling of changed) sibling.inert = false;
  };
}
