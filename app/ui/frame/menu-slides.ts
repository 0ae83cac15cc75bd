import { type Art, gameArt, pageArtByKey } from "~/ui/art/art";

/**
 * The mobile menu's carousel (docs/requirements.md#navigation-and-layout, "Menu slide": id, image,
 * label, title, link, linkLabel). The specification ships them as placeholders whose link is '#';
 * texts are catalog keys (`layout:carousel.slides.<id>.*`) so each language reads its own. The
 * image is a crop of the site's art (docs/art-direction.md), not a drawing of its own: the menu
 * shows the scenes the pages it leads to are headed with, in the one art direction.
 */
export type MenuSlide = {
  id: string;
  /** A 16:9 crop: the slide is a 16:9 box across the menu. */
  art: { art: Art<string>; crop: string };
  /** Catalog keys of the slide's texts. */
  label: string;
  title: string;
  link: string;
  linkLabel: string;
};

const slide = (id: string, art: MenuSlide["art"]): MenuSlide => ({
  id,
  art,
  label: `carousel.slides.${id}.label`,
  title: `carousel.slides.${id}.title`,
  link: "#",
  linkLabel: `carousel.slides.${id}.linkLabel`,
});

export const menuSlides: MenuSlide[] = [
  // The studio at night, as the careers page's header.
  slide("careers", { art: pageArtByKey.careers, crop: "wide" }),
  // The playtest lab's couch, as the playtesting page's header.
  slide("playtest", { art: pageArtByKey.playtesting, crop: "wide" }),
  // One of the worlds the stories are about: the floating city of The Lantern Court, whole.
  slide("stories", { art: gameArt("the-lantern-court"), crop: "hero" }),
];
