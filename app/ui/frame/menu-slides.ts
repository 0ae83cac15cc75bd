/**
 * The mobile menu's carousel (docs/requirements.md#navigation-and-layout, "Menu slide": id, image,
 * label, title, link, linkLabel). The specification ships them as placeholders whose link is '#';
 * texts are catalog keys (`layout:carousel.slides.<id>.*`) so each language reads its own, and the
 * artwork is ours (public/images/ui).
 */
export type MenuSlide = {
  id: string;
  image: string;
  /** Catalog keys of the slide's texts. */
  label: string;
  title: string;
  link: string;
  linkLabel: string;
};

const slide = (id: string): MenuSlide => ({
  id,
  image: `/images/ui/menu-slide-${id}.svg`,
  label: `carousel.slides.${id}.label`,
  title: `carousel.slides.${id}.title`,
  link: "#",
  linkLabel: `carousel.slides.${id}.linkLabel`,
});

export const menuSlides: MenuSlide[] = [slide("careers"), slide("playtest"), slide("stories")];
