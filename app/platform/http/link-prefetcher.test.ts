import { describe, expect, it } from "vitest";
import { connectionAllowsPrefetch, pagePrefetch } from "./link-prefetcher";

describe("connectionAllowsPrefetch", () => {
  it("prefetches when the browser says nothing about its connection", () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({})).toBe(true);
  });

  it("prefetches on 3g and 4g", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "4g" })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "3g", saveData: false })).toBe(true);
  });

  it("skips 2g and slow-2g connections", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });

  it("skips when data saver is on, whatever the speed", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "4g", saveData: true })).toBe(false);
  });
});

// A manifest shaped like the build's: the frame's routes, two pages under one layout and a
// page under another, sharing chunks.
const route = (
  id: string,
  module: string,
  imports: string[],
  extra: { parentId?: string; hasLoader?: boolean; hasClientLoader?: boolean; css?: string[] } = {},
) => ({
  id,
  module,
  imports,
  css: extra.css ?? [],
  parentId: extra.parentId,
  hasLoader: extra.hasLoader ?? false,
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: extra.hasClientLoader ?? false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
});
const manifest = {
  version: "1",
  url: "/assets/manifest.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react-router.js"] },
  routes: {
    root: route("root", "/assets/root.js", ["/assets/react-router.js", "/assets/frame.js"], {
      hasLoader: true,
    }),
    lang: route("lang", "/assets/lang.js", ["/assets/frame.js"], { parentId: "root", hasLoader: true }),
    careersLayout: route(
      "careersLayout",
      "/assets/careers-layout.js",
      ["/assets/frame.js", "/assets/header.js"],
      {
        parentId: "lang",
        css: ["/assets/careers-layout.css"],
      },
    ),
    job: route("job", "/assets/job.js", ["/assets/header.js", "/assets/job-view.js"], {
      parentId: "careersLayout",
      hasLoader: true,
    }),
    careers: route(
      "careers",
      "/assets/careers.js",
      ["/assets/header.js", "/assets/cards.js", "/assets/art.js"],
      {
        parentId: "careersLayout",
        hasLoader: true,
        css: ["/assets/careers.css"],
      },
    ),
    defaultLayout: route("defaultLayout", "/assets/default-layout.js", ["/assets/frame.js"], {
      parentId: "lang",
    }),
    home: route("home", "/assets/home.js", ["/assets/art.js"], {
      parentId: "defaultLayout",
      hasLoader: true,
    }),
    // A page whose data React Router would ask for route by route (its clientLoader).
    status: route("status", "/assets/status.js", [], {
      parentId: "defaultLayout",
      hasLoader: true,
      hasClientLoader: true,
    }),
    blog: route("blog", "/assets/blog.js", ["/assets/cards.js", "/assets/art.js", "/assets/blog-view.js"], {
      parentId: "defaultLayout",
      hasLoader: true,
      css: ["/assets/blog.css"],
    }),
  },
};
const layoutWithChildren = { id: "lang", path: ":lang?", children: [{}] };
const match = (id: string, pathname: string, path?: string) => ({
  route: { id, path },
  pathname,
  params: {},
});
const frame = [
  { route: { id: "root", path: "" }, pathname: "/", params: {} },
  { route: layoutWithChildren, pathname: "/", params: {} },
];
const onJobPage = [...frame, match("careersLayout", "/"), match("job", "/careers/10", "careers/:id")];
const here = { pathname: "/careers/10", search: "", hash: "" };
const loadedOnJobPage = new Set(["root", "lang", "careersLayout", "job"]);

function prefetchFrom(
  page: string,
  matches: ReturnType<typeof match>[] | null,
  loaded = loadedOnJobPage,
  revalidating = new Set<string>(),
) {
  return pagePrefetch({
    page: new URL(page, "https://studio.example"),
    current: here,
    matches,
    currentMatches: onJobPage,
    manifest: manifest as never,
    loadedRouteIds: loaded,
    revalidatingRouteIds: revalidating,
    trailingSlashAware: true,
  });
}

describe("pagePrefetch", () => {
  it("asks for a sibling page's module and the imports the page does not run yet, with its data and stylesheet", () => {
    expect(
      prefetchFrom("/careers", [
        ...frame,
        match("careersLayout", "/"),
        match("careers", "/careers", "careers"),
      ]),
    ).toEqual({
      modules: ["/assets/careers.js", "/assets/cards.js", "/assets/art.js"],
      styles: ["/assets/careers.css"],
      data: "/careers.data",
    });
  });

  it("asks for a page under another layout with that layout's code, never a module already loaded", () => {
    const files = prefetchFrom("/blog?page=2", [
      ...frame,
      match("defaultLayout", "/"),
      match("blog", "/blog", "blog"),
    ]);
    expect(files).toEqual({
      modules: [
        "/assets/default-layout.js",
        "/assets/blog.js",
        "/assets/cards.js",
        "/assets/art.js",
        "/assets/blog-view.js",
      ],
      styles: ["/assets/blog.css"],
      data: "/blog.data?page=2",
    });
  });

  it("asks only for the data of another job: its code is the page's own", () => {
    expect(
      prefetchFrom("/careers/11", [
        ...frame,
        match("careersLayout", "/"),
        match("job", "/careers/11", "careers/:id"),
      ]),
    ).toEqual({
      modules: [],
      styles: [],
      data: "/careers/11.data",
    });
  });

  it("asks for nothing on a link to the page itself", () => {
    expect(prefetchFrom("/careers/10", onJobPage)).toEqual({ modules: [], styles: [], data: null });
  });

  it("names the home page's data as React Router asks for it with trailing-slash-aware requests", () => {
    expect(prefetchFrom("/", [...frame, match("defaultLayout", "/"), match("home", "/")])?.data).toBe(
      "/_.data",
    );
  });

  it("prefetches no data for a page with a clientLoader rather than a URL the navigation would not ask for", () => {
    const files = prefetchFrom("/status", [
      ...frame,
      match("defaultLayout", "/"),
      match("status", "/status", "status"),
    ]);
    expect(files).toEqual({
      modules: ["/assets/default-layout.js", "/assets/status.js"],
      styles: [],
      data: null,
    });
  });

  it("prefetches no data when a route of the page decides itself whether to reload (shouldRevalidate)", () => {
    const toJob = [...frame, match("careersLayout", "/"), match("job", "/careers/11", "careers/:id")];
    expect(prefetchFrom("/careers/11", toJob, loadedOnJobPage, new Set(["lang"]))?.data).toBeNull();
  });

  it("waits while React Router has not discovered the page's route (the language layout is the deepest match)", () => {
    expect(prefetchFrom("/internships", frame)).toBeNull();
    expect(prefetchFrom("/internships", null)).toBeNull();
  });

  it("waits while a matched route is missing from the manifest", () => {
    expect(
      prefetchFrom("/press", [...frame, match("defaultLayout", "/"), match("press", "/press", "press")]),
    ).toBeNull();
  });
});
