import { describe, expect, it } from "vitest";
import { blogHref } from "./BlogToolbar";
import { blogPageQuery } from "./news-page.server";
import { newsQuerySchema } from "./news-query";

const url = (query: string) => new URL(`http://site.test/fr/blog?${query}`);

describe("the blog page's query", () => {
  it("reads the form's fields, treating empty ones as unset", () => {
    expect(blogPageQuery(url("q=québec&sort=oldest&category=&tag=quebec&page=2"), "fr")).toEqual({
      lang: "fr",
      q: "québec",
      sort: "oldest",
      category: undefined,
      tag: "quebec",
      page: 2,
      pageSize: 9,
    });
  });

  it("drops values it cannot use instead of failing the page, and ignores other parameters", () => {
    const query = blogPageQuery(url("sort=random&page=-3&category=gossip&utm_source=mail&q=tides"), "en");
    expect(query).toMatchObject({ lang: "en", sort: "latest", page: 1, q: "tides" });
    expect(query.category).toBeUndefined();
    // The page size is the page's own, whatever the address says.
    expect(blogPageQuery(url("pageSize=50"), "en").pageSize).toBe(9);
  });

  it("is stricter in the API: unknown parameters and bad values are refused", () => {
    expect(newsQuerySchema.safeParse({ utm_source: "mail" }).success).toBe(false);
    expect(newsQuerySchema.safeParse({ pageSize: "51" }).success).toBe(false);
    expect(newsQuerySchema.parse({ q: "   " }).q).toBeUndefined();
  });
});

describe("blogHref", () => {
  it("keeps addresses short: defaults and page 1 are left out", () => {
    expect(blogHref("/fr/blog", { sort: "latest" })).toBe("/fr/blog");
    expect(blogHref("/blog", { sort: "oldest", q: "lantern court", category: "games" }, 3)).toBe(
      "/blog?q=lantern+court&category=games&sort=oldest&page=3",
    );
  });
});
