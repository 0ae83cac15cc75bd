import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { buildPageSeo, documentTitle, pageMeta } from "./page-meta";

const origin = "https://www.studio.example";

function find(meta: MetaDescriptor[], predicate: (d: Record<string, unknown>) => boolean) {
  return meta.filter((d) => predicate(d as Record<string, unknown>)) as Array<Record<string, unknown>>;
}

describe("documentTitle", () => {
  it("follows the 'Page – Studio' pattern", () => {
    expect(documentTitle("Careers", "Stormkettle Studios")).toBe("Careers – Stormkettle Studios");
  });

  it("does not repeat the studio's name when the page is named after it", () => {
    expect(documentTitle("Stormkettle Studios", "Stormkettle Studios")).toBe("Stormkettle Studios");
  });
});

describe("buildPageSeo", () => {
  it("gives English its unprefixed address and the others their prefix", () => {
    const seo = buildPageSeo({
      title: "Carrières",
      description: "d",
      siteName: "S",
      lang: "fr",
      path: "/careers",
      origin: `${origin}/`,
      image: "/images/social/studio.jpg",
    });
    expect(seo.url).toBe(`${origin}/fr/careers`);
    expect(seo.alternates).toEqual([
      { lang: "en", href: `${origin}/careers` },
      { lang: "fr", href: `${origin}/fr/careers` },
      { lang: "es", href: `${origin}/es/careers` },
    ]);
  });

  it("names the home page by the language root", () => {
    const seo = buildPageSeo({
      title: "t",
      description: "d",
      siteName: "S",
      lang: "es",
      path: "/",
      origin,
      image: "/images/social/studio.jpg",
    });
    expect(seo.url).toBe(`${origin}/es`);
    expect(seo.alternates[0]).toEqual({ lang: "en", href: `${origin}/` });
  });

  it("lists only the languages a page exists in", () => {
    const seo = buildPageSeo({
      title: "t",
      description: "d",
      siteName: "S",
      lang: "en",
      path: "/careers/locations/gent",
      origin,
      pageLanguages: ["en", "fr"],
      image: "/images/social/studio.jpg",
    });
    expect(seo.alternates.map((a) => a.lang)).toEqual(["en", "fr"]);
  });

  it("shown in a language it is not published in, names the version whose text it shows as canonical", () => {
    const seo = buildPageSeo({
      title: "t",
      description: "d",
      siteName: "S",
      lang: "es",
      path: "/careers/12",
      origin,
      pageLanguages: ["en", "fr"],
      fallbackLanguage: "fr",
      image: "/images/social/offices/quebec.jpg",
    });
    expect(seo.url).toBe(`${origin}/fr/careers/12`);
    expect(seo.alternates.map((a) => a.lang)).toEqual(["en", "fr"]);
  });
});

describe("pageMeta", () => {
  const seo = buildPageSeo({
    title: "Carrières",
    description: "Joignez-vous à nous",
    siteName: "Stormkettle Studios",
    lang: "fr",
    path: "/careers",
    origin,
    image: "/images/social/studio.jpg",
  });
  const meta = pageMeta(seo);

  it("sets the title, description and canonical address", () => {
    expect(meta).toContainEqual({ title: "Carrières – Stormkettle Studios" });
    expect(meta).toContainEqual({ name: "description", content: "Joignez-vous à nous" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${origin}/fr/careers` });
  });

  it("links every language version with BCP 47 tags and an English x-default", () => {
    const alternates = find(meta, (d) => d.rel === "alternate");
    expect(alternates.map((a) => [a.hrefLang, a.href])).toEqual([
      ["en", `${origin}/careers`],
      ["fr-CA", `${origin}/fr/careers`],
      ["es", `${origin}/es/careers`],
      ["x-default", `${origin}/careers`],
    ]);
  });

  it("describes the page for link previews (Open Graph)", () => {
    expect(meta).toContainEqual({ property: "og:title", content: "Carrières – Stormkettle Studios" });
    expect(meta).toContainEqual({ property: "og:url", content: `${origin}/fr/careers` });
    expect(meta).toContainEqual({ property: "og:locale", content: "fr_CA" });
    expect(find(meta, (d) => d.property === "og:locale:alternate").map((d) => d.content)).toEqual([
      "en_GB",
      "es_ES",
    ]);
    expect(meta).toContainEqual({ property: "og:image", content: `${origin}/images/social/studio.jpg` });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("renders nothing for a page without SEO data (an error page)", () => {
    expect(pageMeta(undefined)).toEqual([]);
  });
});
