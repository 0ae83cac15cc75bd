import { type ComponentType, Suspense, use, useEffect, useMemo, useState } from "react";
import { pageIdle } from "~/platform/http/prefetch";
import { fulfilled, loadOnce, type Settled, settled } from "~/platform/settled-promise";
import { preloadOnServer } from "./server-preloads";
import { useHydrated } from "./use-hydrated";

/**
 * A part of a page whose code loads after the page has hydrated: a form, its fields and Conform,
 * 13-20 KB of compressed JavaScript a phone would otherwise download, parse and run before
 * anything on the page responds (docs/decisions/0034-forms-hydrate-later.md).
 *
 *     const ContactForm = hydrateLater(() => import("~/features/contact/lazy/ContactForm").then((m) => m.ContactForm));
 *
 * - The server renders it in full, like any component: its code is loaded before the first
 *   request is rendered (server-preloads.ts).
 * - In the browser the rest of the page hydrates without it: React keeps the server's HTML of a
 *   part that suspends while hydrating, and hydrates it once its code is there. Its code is
 *   fetched when the browser is first idle after the page's scripts ran, or at the visitor's first
 *   key, tap or focus, whichever comes first. Until then the part is the server's HTML, which works
 *   as it does without JavaScript: a form posts to the page's action and the server answers.
 * - Its stylesheets must be imported by the page's own modules, not only by the part's: a
 *   stylesheet that comes with the part's code is linked once that code has loaded, so the
 *   server's HTML shows unstyled until then, and for good without JavaScript. The form kit's is
 *   imported here; a form's feature stylesheet, by the feature's page sections.
 * - On a page reached by a client-side navigation its code loads when the page first renders,
 *   and the navigation waits for it: the previous page stays up rather than a page without its
 *   form showing. It does not load when the page's module is only evaluated (React Router's
 *   own link prefetching did that): that would fetch the forms of every page the visitor can
 *   see a link to, and link their stylesheets into the page they are on.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let hydrating: Settled<ComponentType<P>> | undefined;
  const part: LaterPart<P> = {
    hydration() {
      hydrating ??= settled(
        new Promise<ComponentType<P>>((resolve) => {
          const attempt = () =>
            part.start().then(
              resolve,
              // The code did not come (a connection lost): the server's form stays and works as
              // without JavaScript; the visitor's next key, tap or focus tries again.
              () => onFirstInteraction(attempt),
            );
          void attempt();
        }),
      );
      return hydrating;
    },
    start: loadOnce(load),
  };
  preloadOnServer(part.start);
  const component = (props: P) => <Boundary part={part} props={props} />;
  component.displayName = "HydrateLater";
  return component;
}

type LaterPart<P> = {
  /** The part's code, loading once (again after a failure). */
  start(): Promise<ComponentType<P>>;
  /** The part's code for the server's HTML to hydrate: never fails, tries again instead. */
  hydration(): Promise<ComponentType<P>>;
};

function Boundary<P extends object>({ part, props }: { part: LaterPart<P>; props: P }) {
  // Fixed when it mounts: adding or removing the boundary later would remount the part.
  const hydrated = useHydrated();
  const [whileHydrating] = useState(!hydrated);
  useEffect(() => {
    if (!whileHydrating) return;
    pendingChanged(+1);
    return () => pendingChanged(-1);
  }, [whileHydrating]);
  // The boundary lets the page hydrate around the part; it never shows its fallback, since the
  // server renders the part in full and the browser keeps that HTML until the part hydrates.
  // The same element while the props are the same: a boundary still waiting to hydrate that
  // receives new children is rendered again from scratch (React drops the server's HTML), and
  // this component renders again right after hydration (useHydrated).
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <Part part={part} props={props} waitForIdle={typeof document !== "undefined"} />
      </Suspense>
    ),
    [part, props],
  );
  return whileHydrating ? boundary : <Part part={part} props={props} waitForIdle={false} />;
}

function Part<P extends object>({
  part,
  props,
  waitForIdle,
}: {
  part: LaterPart<P>;
  props: P;
  waitForIdle: boolean;
}) {
  // Both `use`s on every render, in the same order (a `use` skipped on a later render of a
  // component that suspended breaks React's replay: see use-translation.ts).
  use(waitForIdle ? whenIdle() : fulfilled);
  const Component = use(waitForIdle ? part.hydration() : part.start());
  return (
    <>
      <Component {...props} />
      {waitForIdle ? <Hydrated /> : null}
    </>
  );
}

/** What the visitor does that asks for a part's code at once: a key, a tap, a focus. */
const interactions = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

let idle: Promise<void> | undefined;

/**
 * The page's first idle moment after it hydrated (when its links start prefetching), or the
 * visitor's first key, tap or focus if that comes sooner: the part they reach for should respond
 * soon after.
 */
function whenIdle(): Promise<void> {
  idle ??= settled(
    new Promise<void>((resolve) => {
      const stopListening = onFirstInteraction(resolve);
      void pageIdle().then(() => {
        stopListening();
        resolve();
      });
    }),
  );
  return idle;
}

/** Calls `callback` at the visitor's next key, tap or focus, once; the returned function cancels. */
function onFirstInteraction(callback: () => void): () => void {
  const listening = new AbortController();
  const fire = () => {
    listening.abort();
    callback();
  };
  for (const type of interactions)
    document.addEventListener(type, fire, { capture: true, passive: true, signal: listening.signal });
  return () => listening.abort();
}

// How many parts are still waiting to hydrate: `<html data-hydrating>` while any is, so a test
// (or a person with the inspector) can tell when every form on the page responds to scripts.
let pending = 0;
function pendingChanged(by: number) {
  pending += by;
  document.documentElement.toggleAttribute("data-hydrating", pending > 0);
}

/** Rendered inside a part that hydrated late: its effect runs when the part has hydrated. */
function Hydrated() {
  useEffect(() => {
    pendingChanged(-1);
    return () => pendingChanged(+1);
  }, []);
  return null;
}
