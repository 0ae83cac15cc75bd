import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page sits under an optional language segment (docs/requirements.md#languages-and-routes).
 * Dynamic slugs never sit directly under `:lang?` (optional segments match eagerly): they always
 * follow a static segment. Route ids `account-login` and `careers-locations-single` are the
 * specification's named routes.
 */
export default [
  // The cookie banner's no-JavaScript form target (features/consent): one address for every language.
  route("consent", "features/consent/consent.route.ts", { id: "consent" }),
  route(":lang?", "routes/lang.tsx", [
    layout("ui/layouts/DefaultLayout.tsx", [
      index("routes/home.tsx"),
      route("contact", "routes/contact.tsx"),
      route("alerts/manage/:id/:token", "routes/alerts-manage.tsx"),
      // Private status pages of what visitors sent (applications today), and lost links.
      route("status", "routes/status-request.tsx"),
      route("status/:token", "routes/status.tsx"),
      route("support", "routes/support.tsx"),
      route("support/search", "routes/support-search.tsx"),
      route("support/category/:slug", "routes/support-category.tsx"),
      route("support/faq/:slug", "routes/support-faq.tsx"),
      route("support/report", "routes/support-report.tsx"),
      route("support/patches", "routes/support-patches.tsx"),
      // /games is the home page's games (a redirect); each game has its page.
      route("games", "routes/games.tsx"),
      route("games/:slug", "routes/game.tsx", { id: "game" }),
      route("press", "routes/press.tsx"),
      route("press/:slug", "routes/press-kit.tsx", { id: "press-kit" }),
    ]),
    layout("ui/layouts/BlogLayout.tsx", [
      route("blog", "routes/blog.tsx"),
      route("blog/:slug", "routes/blog-article.tsx", { id: "blog-article" }),
    ]),
    // "Download my data" of a status page, of the data-rights page and of the account area
    // (resource routes: a zip).
    route("status/:token/download", "routes/status-download.ts", { id: "status-download" }),
    // A playtest session's calendar file, linked from its status page and invitation e-mail.
    route("status/:token/session.ics", "routes/status-session-ics.ts", { id: "status-session-ics" }),
    route("privacy/requests/:token/download", "routes/privacy-requests-download.ts", {
      id: "privacy-requests-download",
    }),
    route("account/data/download", "routes/account-data-download.ts", { id: "account-data-download" }),
    // The blog's Atom feed per language (a resource route: no layout).
    route("blog/feed.xml", "routes/blog-feed.ts", { id: "blog-feed" }),
    layout("ui/layouts/CareersLayout.tsx", [
      route("careers", "routes/careers.tsx"),
      route("internships", "routes/internships.tsx"),
      // Job alerts: a careers page too, with the careers sub-navigation.
      route("alerts", "routes/alerts.tsx"),
      route("careers/:id", "routes/careers-single.tsx", { id: "careers-single" }),
      route("careers/locations/:slug", "routes/careers-locations-single.tsx", {
        id: "careers-locations-single",
      }),
    ]),
    layout("ui/layouts/PlaytestersLayout.tsx", [
      route("playtesting", "routes/playtesting.tsx"),
      route("playtesting/survey", "routes/playtesting-survey.tsx"),
      route("playtesting/remove", "routes/playtesting-remove.tsx"),
    ]),
    layout("ui/layouts/OneColumnLayout.tsx", [
      route("privacy", "routes/privacy.tsx"),
      // Data rights, self-service: ask for a link by e-mail, then list, download and delete.
      route("privacy/requests", "routes/privacy-requests.tsx"),
      route("privacy/requests/:token", "routes/privacy-requests-token.tsx"),
      route("fan-content-policy", "routes/fan-content-policy.tsx"),
      route("tos", "routes/tos.tsx"),
      route("gdpr", "routes/gdpr.tsx"),
    ]),
    layout("ui/layouts/SimpleLayout.tsx", [
      route("account/login", "routes/account-login.tsx", { id: "account-login" }),
      route("account/create", "routes/account-create.tsx", { id: "account-create" }),
      route("account", "routes/account.tsx", { id: "account" }),
      route("account/verify", "routes/account-verify.tsx", { id: "account-verify" }),
      route("account/forgot", "routes/account-forgot.tsx", { id: "account-forgot" }),
      route("account/reset", "routes/account-reset.tsx", { id: "account-reset" }),
      route("account/code", "routes/account-code.tsx", { id: "account-code" }),
      route("account/security", "routes/account-security.tsx", { id: "account-security" }),
      route("account/delete", "routes/account-delete.tsx", { id: "account-delete" }),
      route("account/platforms", "routes/account-platforms.tsx", { id: "account-platforms" }),
      route("account/merch", "routes/account-merch.tsx", { id: "account-merch" }),
      route("account/profile", "routes/account-profile.tsx", { id: "account-profile" }),
      route("account/terms", "routes/account-terms.tsx", { id: "account-terms" }),
      // The holder's submissions and data (what /privacy/requests lists for the verified address).
      route("account/data", "routes/account-data.tsx", { id: "account-data" }),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
