import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Link, type LinkProps, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PREFETCH_IDLE_TIMEOUT_MS, SiteLink, serverAnchorProps } from "./prefetch";

it("waits at most 2000 ms for the browser to be idle before links prefetch", () => {
  expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
});

describe("a SiteLink rendered on the server", () => {
  // The page the links are rendered on: a relative address resolves against it.
  const html = (element: ReturnType<typeof createElement>) =>
    renderToString(createElement(MemoryRouter, { initialEntries: ["/fr/careers/10?team=art"] }, element));
  const asLink = (props: LinkProps) => html(createElement(Link, props));
  const asSiteLink = (props: LinkProps) => html(createElement(SiteLink, props));

  const segment = fc.stringMatching(/^[\w\-.~%!$&'()*+,;=:@]{1,12}$/).filter((s) => s !== "." && s !== "..");
  const sitePath = fc
    .tuple(
      fc.array(segment, { maxLength: 4 }),
      fc.option(fc.stringMatching(/^[^#\s\\]{1,16}$/), { nil: undefined }),
      fc.option(fc.stringMatching(/^[^\s\\]{1,10}$/), { nil: undefined }),
    )
    .map(
      ([segments, query, fragment]) =>
        `/${segments.join("/")}${query ? `?${query}` : ""}${fragment ? `#${fragment}` : ""}`,
    );
  const otherProps = fc.record(
    {
      className: fc.constantFrom("button button--primary", "site-footer__link"),
      "aria-current": fc.constant("page" as const),
      rel: fc.constant("next"),
      target: fc.constant("_blank"),
      lang: fc.constantFrom("fr-CA", "es"),
      preventScrollReset: fc.boolean(),
      children: fc.string({ maxLength: 20 }),
    },
    { requiredKeys: [] },
  );

  it("is rendered by the module's server path (the tests run as the server does)", () => {
    expect(import.meta.env.SSR).toBe(true);
  });

  it("writes a path of the site as React Router's Link writes it, without running Link", () => {
    fc.assert(
      fc.property(sitePath, otherProps, (to, props) => {
        expect(serverAnchorProps({ ...props, to })).not.toBeNull();
        expect(asSiteLink({ ...props, to })).toBe(asLink({ ...props, to }));
      }),
    );
  });

  it("writes any other address as Link does, by leaving it to Link", () => {
    const odd = [
      "/careers/",
      "//evil.example/x",
      "/a/../b",
      "/a/./b",
      "/a//b",
      "careers",
      "?page=2",
      "#jobs",
      "/?",
      "/#",
      "https://example.com/",
      "/a\\b",
    ];
    for (const to of odd) expect(serverAnchorProps({ to })).toBeNull();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...odd),
          sitePath.map((p) => `${p}/`),
        ),
        (to) => {
          expect(asSiteLink({ to })).toBe(asLink({ to }));
        },
      ),
    );
  });

  it("leaves to Link the props that change what it writes", () => {
    expect(serverAnchorProps({ to: "/careers", reloadDocument: true })).toBeNull();
    expect(serverAnchorProps({ to: "/careers", discover: "none" })).toBeNull();
    expect(serverAnchorProps({ to: "/careers", relative: "path" })).toBeNull();
  });
});
