import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

function Probe() {
  return useHydrated() ? <button type="button">enhanced</button> : <a href="/plain">plain</a>;
}

describe("useHydrated", () => {
  it("renders the version that works without JavaScript on the server", () => {
    expect(renderToString(<Probe />)).toBe('<a href="/plain">plain</a>');
  });
});
