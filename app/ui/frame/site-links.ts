import type { SiteIdentity } from "./site-identity";

/**
 * The site's navigation in one place (docs/requirements.md#navigation-and-layout), shared by the
 * desktop menu, the mobile menu and the footer. Paths are the English ones; components localize
 * them with useLocalizePath() so links keep the language prefix. Labels are `layout:nav.*` keys.
 */
export type InternalNavLink = {
  key: string;
  path: string;
  /** The pages the link stands for, where they are not `path` and below (the games' list). */
  section?: string;
};

export const paths = {
  home: "/",
  careers: "/careers",
  internships: "/internships",
  playtesting: "/playtesting",
  contact: "/contact",
  alerts: "/alerts",
  blog: "/blog",
  support: "/support",
  press: "/press",
  /** The games' pages (`/games/<slug>`); `/games` itself redirects to `gamesList`. */
  games: "/games",
  /**
   * The home page's games, where every game's card is: the menus and the footer link here, not
   * to `/games`, which would cost a redirect.
   */
  gamesList: "/#games",
  account: "/account",
  login: "/account/login",
  createAccount: "/account/create",
  privacy: "/privacy",
  privacyRequests: "/privacy/requests",
  fanContentPolicy: "/fan-content-policy",
  tos: "/tos",
  gdpr: "/gdpr",
} as const;

/** A game's page (routes/game.tsx): the menus, the footer, the home page and support link to it. */
export const gamePath = (slug: string) => `${paths.games}/${slug}`;

/**
 * The footer part that holds every destination of the mobile menu: the hamburger's target where
 * the menu's script has not run (MobileMenu.tsx).
 */
export const siteMapId = "site-map";

/**
 * "Work at the studio" and its submenu: Internship, Career, Playtest
 * (docs/requirements.md#navigation-and-layout, in that order).
 */
/** Time the pointer may leave the submenu's item before it closes, so diagonal moves work. */
export const hoverCloseDelayMs = 180;

export const workLink: InternalNavLink = { key: "work", path: paths.careers };
export const workSubmenu: InternalNavLink[] = [
  { key: "internship", path: paths.internships },
  { key: "career", path: paths.careers },
  { key: "playtest", path: paths.playtesting },
];

export const primaryBefore: InternalNavLink[] = [
  { key: "about", path: paths.home },
  { key: "games", path: paths.gamesList, section: paths.games },
];
export const primaryAfter: InternalNavLink[] = [
  { key: "contact", path: paths.contact },
  { key: "blog", path: paths.blog },
];

/**
 * The header's "Account" (the account area, which sends a visitor who is not signed in to log
 * in and back), the footer's "Log in", and "Create account" in both.
 */
export const accountLinks = {
  account: { key: "account", path: paths.account },
  login: { key: "login", path: paths.login },
  create: { key: "createAccount", path: paths.createAccount },
} as const;

/** The section "Work at the studio" covers, for marking it current. */
const workSection = [paths.careers, paths.internships, paths.playtesting, paths.alerts];

/** Whether an English path belongs to the section a nav link stands for. */
export function isInSection(englishPath: string, link: InternalNavLink): boolean {
  const path = englishPath.replace(/\/+$/, "") || "/";
  if (link.key === "work") return workSection.some((p) => path === p || path.startsWith(`${p}/`));
  const section = link.section ?? link.path;
  if (section === "/") return path === "/";
  return path === section || path.startsWith(`${section}/`);
}

/**
 * The studio's other sites, in the order every menu lists them: forums, business, the main
 * website. Labels are `layout:nav.<key>`; each opens in a new tab (ExternalLink).
 */
export function studioSites(studio: Pick<SiteIdentity, "forumsUrl" | "businessUrl" | "website">) {
  return [
    { key: "forums", href: studio.forumsUrl },
    { key: "business", href: studio.businessUrl },
    { key: "mainSite", href: studio.website },
  ];
}
