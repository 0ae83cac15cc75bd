import type { Fixtures } from "./fixtures";
import type { Json } from "./inputs";

/**
 * One valid request per endpoint, for the fuzzer to mutate (the list of endpoints comes from the
 * code: see endpoints.ts). An endpoint missing here fails the suite, so a new endpoint gets a
 * sample, not a silent skip. Keys: "METHOD /path" for Express routes, "loader <route id>" and
 * "action <route id>" for pages. An empty sample means the endpoint reads no query, parameter or
 * body: it still gets junk addresses, but fewer of them.
 */
export type Sample = {
  /** Values for the path's `:parameters` (pages: not `:lang?`, which the fuzzer picks). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body (the API). */
  json?: Record<string, Json>;
  /** Form fields (pages' actions; multipart API endpoints). */
  form?: Array<[string, string]>;
  files?: Array<{ field: string; filename: string; type: string; content: string }>;
  /** Sent with the signed-in visitor's cookies. */
  session?: boolean;
  cookies?: string;
};

/**
 * Wrong passwords on purpose: a right one would sign the fuzzer's visitor out or delete it, and
 * every password checked costs an argon2 hash (so valid-shaped bodies stay a minority).
 */
const wrongPassword = "Wrong-Password-9";
const newPassword = "Kettle-Storm-43";
const lang = { lang: "fr" };

const application = (resume: string[]): Record<string, Json> => ({
  name: "Ada Fuzz",
  email: "ada.fuzz@example.com",
  phone: { country: "CA", number: "418 555 0134" },
  resume,
  coverLetter: "I would love to work on tools.",
  portfolio: "https://example.com/ada",
  consent: true,
  website: "",
});

const alertFields = (f: Fixtures): Record<string, Json> => ({
  name: "Tools jobs",
  location: f.officeSlug,
  team: f.taxonomy.team,
  level: f.taxonomy.level,
  commitment: f.taxonomy.commitment,
  language: "en",
  newsletter: false,
});

const formOf = (fields: Record<string, Json>): Array<[string, string]> =>
  Object.entries(fields).flatMap(([name, value]): Array<[string, string]> => {
    if (value === null) return [];
    if (typeof value === "boolean") return value ? [[name, "on"]] : [];
    if (Array.isArray(value)) return value.map((item) => [name, String(item)]);
    if (typeof value === "object")
      return Object.entries(value).map(([key, item]) => [`${name}.${key}`, String(item)]);
    return [[name, String(value)]];
  });

const contact = (): Record<string, Json> => ({
  category: "general",
  name: "Ada Fuzz",
  email: "ada.fuzz@example.com",
  subject: "A question about the studio",
  message: "Hello, I would like to know more about your games.",
  consent: true,
  website: "",
  captchaToken: "",
});

const issue = (f: Fixtures, attachments: string[]): Record<string, Json> => ({
  category: "bug",
  game: f.gameSlug,
  platform: "windows",
  email: "ada.fuzz@example.com",
  summary: "The map does not open",
  description: "Opening the map from the pause menu freezes the game.",
  attachments,
  consent: true,
  website: "",
});

const createAccount = {
  username: "fuzz_newcomer",
  email: "fuzz.newcomer@example.com",
  password: newPassword,
  confirmPassword: newPassword,
};

export const samples: Record<string, (f: Fixtures) => Sample> = {
  // Health and discovery.
  "GET /healthz": () => ({}),
  "GET /readyz": () => ({}),
  "GET /sitemap.xml": () => ({}),
  "GET /robots.txt": () => ({}),

  // Offices and jobs.
  "GET /api/open/offices/by-continent/:locale": () => ({ params: { locale: "fr" } }),
  "GET /api/open/offices/by-slug/:slug/:locale": (f) => ({ params: { slug: f.officeSlug, locale: "en" } }),
  "GET /api/open/offices/job-offers/:id": (f) => ({ params: { id: f.jobId }, query: lang }),
  "POST /api/open/offices/job-offers/:id/applications": (f) => ({
    params: { id: f.jobId },
    query: { lang: "en" },
    json: application([f.resumeUpload]),
  }),
  "GET /api/open/offices/:locale": () => ({ params: { locale: "es" } }),
  "GET /api/offices/job-offers": (f) => ({
    query: {
      lang: "en",
      location: f.officeSlug,
      team: f.taxonomy.team,
      level: f.taxonomy.level,
      commitment: f.taxonomy.commitment,
      query: "designer",
      page: "1",
      pageSize: "10",
    },
  }),
  "GET /api/offices": () => ({ query: lang }),

  // Uploads.
  "POST /api/uploads": () => ({
    form: [["purpose", "issue-report"]],
    files: [
      { field: "file", filename: "notes.txt", type: "text/plain", content: "The game froze on the map." },
    ],
  }),
  "DELETE /api/uploads/:id/:token": (f) => ({ params: f.deletableUpload }),

  // Consent and analytics.
  "GET /api/configs/consents": () => ({ query: lang }),
  "POST /api/consents": () => ({ json: { choice: "confirm", analytics: true } }),
  "GET /api/consents/receipt": () => ({
    query: { download: "1" },
    cookies: "cookieconsent_record=0b6f2c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f.1",
  }),
  "POST /api/analytics/pageview": () => ({
    json: { route: "routes/careers" },
    cookies: "cookieanalytcs_status=1",
  }),
  "GET /api/multibanners": () => ({ query: lang }),

  // News.
  "GET /api/open/office-news": () => ({
    query: { lang: "en", sort: "oldest", q: "studio", page: "1", pageSize: "10" },
  }),
  "GET /api/open/office-news/:slug": (f) => ({ params: { slug: f.newsSlug }, query: lang }),

  // Support.
  "GET /api/faq-categories": () => ({ query: { lang: "en", section: "support" } }),
  "GET /api/faq-categories/slug/:slug": (f) => ({ params: { slug: f.faqCategorySlug }, query: lang }),
  "GET /api/faqs": (f) => ({
    query: { lang: "en", q: "account", category: f.faqCategorySlug, page: "1", pageSize: "10" },
  }),
  "GET /api/faqs/slug/:slug": (f) => ({ params: { slug: f.faqSlug }, query: lang }),
  "GET /api/faqs/vote/:id": (f) => ({ params: { id: f.faqId } }),
  "POST /api/faqs/vote/:id": (f) => ({ params: { id: f.faqId }, json: { helpful: true } }),
  "GET /api/support-patches": (f) => ({ query: { lang: "en", game: f.gameSlug } }),

  // Playtests.
  "GET /api/open/office-playtests/:locale": () => ({ params: { locale: "fr" } }),
  "GET /api/contact-surveys/code/:code": (f) => ({ params: { code: f.surveyCode } }),
  "POST /api/contact-surveys/submit/:code": (f) => ({
    params: { code: f.surveyCode },
    json: { token: f.surveyTokens.api, answers: f.surveyAnswers },
  }),

  // Job alerts.
  "GET /api/open/office-job-subscriptions/form/:locale": () => ({ params: { locale: "en" } }),
  "POST /api/open/office-job-subscriptions": (f) => ({
    json: { ...alertFields(f), email: "ada.fuzz@example.com", website: "" },
  }),
  "GET /api/open/office-job-subscriptions/:id": (f) => ({ params: { id: f.alert.id } }),
  "PUT /api/open/office-job-subscriptions/:id/:token": (f) => ({
    params: f.alert,
    json: { ...f.alert, payload: { ...alertFields(f), active: true } },
  }),
  "DELETE /api/open/office-job-subscriptions/:id/:token": (f) => ({ params: f.doomedAlert }),
  "POST /api/open/office-job-subscriptions/:id/:token/unsubscribe": (f) => ({ params: f.alert }),

  // Account.
  "GET /api/openapi.json": () => ({}),
  "POST /api/account/create": () => ({
    json: { ...createAccount, dateOfBirth: "1990-04-12", tos: true, language: "fr" },
  }),
  "POST /api/account/validate": () => ({ json: { token: "not-a-real-verification-token-0123456789" } }),
  "POST /api/account/resend-verification": () => ({ json: { email: "nobody.here@example.com" } }),
  "POST /api/account/login": (f) => ({ json: { identifier: f.account.username, password: wrongPassword } }),
  "POST /api/account/mfa/submitcode": () => ({ json: { code: "123456" } }),
  "POST /api/account/logout": () => ({ json: {}, session: true }),
  "POST /api/account/global-logout": () => ({ json: {}, session: true }),
  "POST /api/account/forgot-password": () => ({ json: { identifier: "nobody.here@example.com" } }),
  "POST /api/account/reset-password": () => ({
    json: { token: "not-a-real-reset-token-0123456789", password: newPassword, confirmPassword: newPassword },
  }),
  "POST /api/account/update-password": () => ({
    json: { currentPassword: wrongPassword, password: newPassword, confirmPassword: newPassword },
    session: true,
  }),
  "POST /api/account/update-email": () => ({
    json: { email: "fuzz.elsewhere@example.com", password: wrongPassword },
    session: true,
  }),
  "POST /api/account/update-profile": () => ({ json: { username: "fuzz_visitor" }, session: true }),
  "POST /api/account/accept-tos": () => ({ json: { version: 1, accept: true }, session: true }),
  "POST /api/account/delete": () => ({ json: { password: wrongPassword }, session: true }),
  "POST /api/account/mfa/addtotp": () => ({ json: {}, session: true }),
  "POST /api/account/mfa/confirmtotp": () => ({ json: { code: "123456" }, session: true }),
  "POST /api/account/mfa/addsms": () => ({ json: { phone: "+14185550134" }, session: true }),
  "POST /api/account/mfa/confirmsms": () => ({ json: { code: "123456" }, session: true }),
  "POST /api/account/mfa/recovery-codes": () => ({ json: { password: wrongPassword }, session: true }),
  "GET /api/account/me": () => ({ session: true }),
  "GET /api/account/sessions": () => ({ session: true }),
  "POST /api/account/logout-others": () => ({ json: {}, session: true }),
  "POST /api/account/mfa/remove": () => ({ json: { password: wrongPassword }, session: true }),

  // Linked platforms and merch (no platform is configured: the refusals are the handlers' own).
  "GET /api/account/platforms": () => ({ session: true }),
  "POST /api/account/:platform/login": () => ({ params: { platform: "steam" }, json: { language: "fr" } }),
  "GET /api/account/:platform/connect": () => ({ params: { platform: "twitch" }, session: true }),
  "GET /api/account/:platform/disconnect": () => ({ params: { platform: "twitch" }, session: true }),
  "GET /api/account/:platform/callback": () => ({
    params: { platform: "steam" },
    query: { state: "state-from-the-platform", code: "code-from-the-platform" },
  }),
  "GET /api/account/merch": () => ({ query: { language: "fr" }, session: true }),

  // Contact and issues.
  "GET /api/contacts/form": () => ({ query: lang }),
  "POST /api/contacts": () => ({ query: { lang: "en" }, json: contact() }),
  "POST /api/feedbacks": () => ({
    json: { page: "/support/faq/refunds", rating: 4, message: "Clear answer, thanks.", lang: "en" },
  }),
  "GET /api/issues/form": () => ({ query: lang }),
  "POST /api/issues": (f) => ({ query: { lang: "en" }, json: issue(f, [f.attachmentUpload]) }),
  "GET /api/known-issues": (f) => ({
    query: { game: f.knownIssue.game, platform: "windows", q: "The vault door stays closed", lang: "fr" },
  }),
  "POST /api/known-issues/:slug/me-too": (f) => ({ params: { slug: f.knownIssue.slug } }),

  // Press.
  "GET /api/presses": () => ({ query: lang }),
  "GET /api/presses/:slug": (f) => ({ params: { slug: f.pressKitSlug }, query: lang }),
  "GET /press-kits/:slug/files/:name": (f) => ({ params: { slug: f.pressKitSlug, name: f.pressFile } }),
  "GET /press-kits/:slug/thumbs/:thumb": (f) => ({ params: { slug: f.pressKitSlug, thumb: f.pressThumb } }),
  "GET /press-kits/:slug/kit.zip": (f) => ({ params: { slug: f.pressKitSlug }, query: { lang: "en" } }),

  // Pages.
  "loader consent": () => ({}),
  "action consent": () => ({
    form: [
      ["choice", "confirm"],
      ["analytics", "on"],
      ["returnTo", "/careers?team=art"],
    ],
  }),
  "loader routes/home": () => ({}),
  "loader routes/contact": () => ({ query: { sent: "1" } }),
  "action routes/contact": () => ({ form: formOf(contact()) }),
  "loader routes/alerts": (f) => ({
    query: { location: f.officeSlug, team: f.taxonomy.team, studio: "quebec" },
  }),
  "action routes/alerts": (f) => ({ form: formOf({ ...alertFields(f), email: "ada.fuzz@example.com" }) }),
  "loader routes/alerts-manage": (f) => ({ params: f.alert, query: { edit: f.alert.id, stop: f.alert.id } }),
  "action routes/alerts-manage": (f) => ({
    params: f.alert,
    form: [["intent", "toggle"], ["alertId", f.alert.id], ["active", "on"], ...formOf(alertFields(f))],
  }),
  "loader routes/status": (f) => ({ params: { token: f.statusToken } }),
  // A playtester's answer (confirm takes a seat; the other intents share the same action).
  "action routes/status": (f) => ({
    params: { token: f.playtestStatusToken },
    form: [["intent", "confirm"]],
  }),
  "loader routes/status-request": () => ({}),
  // An address with nothing tied to it: the links are sent after the answer (started, not
  // awaited), which the check that a refused request stored nothing would catch later.
  "action routes/status-request": () => ({ form: [["email", "nobody.status@example.com"]] }),
  "loader routes/support": () => ({}),
  "loader routes/support-search": (f) => ({ query: { q: "password", category: f.faqCategorySlug } }),
  "loader routes/support-category": (f) => ({ params: { slug: f.faqCategorySlug } }),
  "loader routes/support-faq": (f) => ({ params: { slug: f.faqSlug } }),
  "action routes/support-faq": (f) => ({ params: { slug: f.faqSlug }, form: [["helpful", "yes"]] }),
  "loader routes/support-report": (f) => ({ query: { game: f.gameSlug, sent: "1" } }),
  // "Me too" on a known issue is a button of the report form: dropping it mutates into a report.
  "action routes/support-report": (f) => ({
    form: [...formOf(issue(f, [])), ["meToo", f.knownIssue.slug]],
    files: [{ field: "attachments", filename: "notes.txt", type: "text/plain", content: "It froze." }],
  }),
  "loader routes/support-patches": (f) => ({ query: { game: f.gameSlug } }),
  "loader routes/press": () => ({}),
  "loader press-kit": (f) => ({ params: { slug: f.pressKitSlug } }),
  "loader routes/games": () => ({}),
  "loader game": (f) => ({ params: { slug: f.gameSlug } }),
  "loader routes/blog": () => ({
    query: { q: "studio", sort: "oldest", page: "1", category: "studio", tag: "art" },
  }),
  "loader blog-article": (f) => ({ params: { slug: f.newsSlug } }),
  "loader blog-feed": () => ({}),
  "loader routes/careers": (f) => ({
    query: {
      location: f.officeSlug,
      team: f.taxonomy.team,
      level: f.taxonomy.level,
      query: "artist",
      page: "1",
    },
  }),
  "loader routes/internships": () => ({}),
  "loader careers-single": (f) => ({ params: { id: f.jobId }, query: { location: f.officeSlug } }),
  "action careers-single": (f) => ({
    params: { id: f.jobId },
    form: formOf(application([])),
    files: [
      { field: "resume", filename: "resume.pdf", type: "application/pdf", content: "%PDF-1.4\n%%EOF\n" },
    ],
  }),
  "loader careers-locations-single": () => ({ params: { slug: "quebec" }, query: { team: "art" } }),
  "loader routes/playtesting": () => ({ query: { location: "quebec" } }),
  "action routes/playtesting": () => ({
    form: [
      ["name", "Ada Fuzz"],
      ["email", "ada.fuzz@example.com"],
      ["phone.country", "CA"],
      ["phone.number", "418 555 0134"],
      ["location", "quebec"],
      ["dateOfBirth.month", "4"],
      ["dateOfBirth.day", "12"],
      ["dateOfBirth.year", "1990"],
      ["over18", "on"],
      ["english", "on"],
      ["inPersonDay", "on"],
      ["nda", "on"],
      ["consent", "on"],
    ],
  }),
  "loader routes/playtesting-survey": (f) => ({ query: { token: f.surveyTokens.page } }),
  "action routes/playtesting-survey": (f) => ({ form: [["token", f.surveyTokens.page], ...f.surveyFields] }),
  "loader routes/playtesting-remove": () => ({ query: { token: "not-a-real-removal-token" } }),
  "action routes/playtesting-remove": () => ({ form: [["token", "not-a-real-removal-token"]] }),
  "loader routes/privacy": () => ({}),
  // Data rights: a well-formed token that opens nothing (the pages answer 404, the forms refuse).
  "loader routes/privacy-requests": () => ({}),
  "action routes/privacy-requests": () => ({ form: [["email", "fuzz.privacy@example.com"]] }),
  "loader routes/privacy-requests-token": () => ({
    params: { token: "x".repeat(43) },
    query: { delete: "all" },
  }),
  "action routes/privacy-requests-token": () => ({
    params: { token: "x".repeat(43) },
    form: [
      ["intent", "delete"],
      ["kind", "application"],
      ["id", "00000000-0000-4000-8000-000000000000"],
    ],
  }),
  "action privacy-requests-download": () => ({ params: { token: "x".repeat(43) }, form: [["all", "1"]] }),
  "action status-download": () => ({ params: { token: "x".repeat(43) } }),
  // Only a post downloads: any GET answers 405 with its messages.
  "loader privacy-requests-download": () => ({ params: { token: "x".repeat(43) } }),
  "loader status-download": (f) => ({ params: { token: f.statusToken } }),
  // A playtest session's calendar file (a GET of a resource route).
  "loader status-session-ics": (f) => ({ params: { token: f.playtestStatusToken } }),
  "loader routes/fan-content-policy": () => ({}),
  "loader routes/tos": () => ({}),
  "loader routes/gdpr": () => ({}),
  "loader account-login": () => ({ query: { returnTo: "/account/profile" } }),
  "action account-login": (f) => ({
    form: [
      ["identifier", f.account.email],
      ["password", wrongPassword],
    ],
  }),
  "loader account-create": () => ({}),
  "action account-create": () => ({
    form: [
      ...formOf(createAccount),
      ["username", "fuzz_pagecomer"],
      ["email", "fuzz.pagecomer@example.com"],
      ["dateOfBirth.month", "4"],
      ["dateOfBirth.day", "12"],
      ["dateOfBirth.year", "1990"],
      ["tos", "on"],
    ],
  }),
  "loader account": () => ({ session: true }),
  "action account": () => ({ form: [["intent", "logout"]], session: true }),
  "loader account-verify": () => ({ query: { token: "not-a-real-verification-token", sent: "1" } }),
  "action account-verify": () => ({ form: [["token", "not-a-real-verification-token"]] }),
  "loader account-forgot": () => ({}),
  "action account-forgot": () => ({ form: [["identifier", "nobody.here@example.com"]] }),
  "loader account-reset": () => ({ query: { token: "not-a-real-reset-token" } }),
  "action account-reset": () => ({
    form: [
      ["token", "not-a-real-reset-token"],
      ["password", newPassword],
      ["confirmPassword", newPassword],
    ],
  }),
  "loader account-code": () => ({}),
  "action account-code": () => ({ form: [["code", "123456"]] }),
  "loader account-security": () => ({ session: true }),
  "action account-security": () => ({
    form: [
      ["intent", "update-password"],
      ["currentPassword", wrongPassword],
      ["password", newPassword],
      ["confirmPassword", newPassword],
    ],
    session: true,
  }),
  "loader account-delete": () => ({ session: true }),
  "action account-delete": () => ({ form: [["password", wrongPassword]], session: true }),
  "loader account-platforms": () => ({ query: { disconnect: "twitch" }, session: true }),
  "action account-platforms": () => ({
    form: [
      ["intent", "connect"],
      ["platform", "twitch"],
    ],
    session: true,
  }),
  "loader account-merch": () => ({ session: true }),
  "loader account-profile": () => ({ session: true }),
  "action account-profile": () => ({
    form: [
      ["intent", "profile"],
      ["username", "fuzz_visitor"],
    ],
    session: true,
  }),
  "loader account-terms": () => ({ session: true }),
  "action account-terms": () => ({
    form: [
      ["version", "1"],
      ["accept", "on"],
    ],
    session: true,
  }),
  // The fuzzer's account has nothing but itself tied to its address; an id of nothing is refused.
  "loader account-data": () => ({
    query: { delete: "contact:00000000-0000-4000-8000-000000000000" },
    session: true,
  }),
  "action account-data": () => ({
    form: [
      ["intent", "status"],
      ["kind", "application"],
      ["id", "00000000-0000-4000-8000-000000000000"],
    ],
    session: true,
  }),
  "loader account-data-download": () => ({ session: true }),
  "action account-data-download": () => ({ form: [["all", "1"]], session: true }),
  "loader routes/not-found": () => ({ params: { "*": "no/such/page" } }),
};
