// Every table, the platform's and each feature's, for tests that go through them all.

export * from "~/features/account/tables";
export * from "~/features/alerts/tables";
export * from "~/features/analytics/tables";
export * from "~/features/blog/tables";
export * from "~/features/careers/tables";
export * from "~/features/consent/tables";
export * from "~/features/contact/tables";
export * from "~/features/content/tables";
export * from "~/features/faq/tables";
export * from "~/features/games/tables";
export * from "~/features/home/tables";
export * from "~/features/jobs/tables";
export * from "~/features/legal/tables";
export * from "~/features/merch/tables";
export * from "~/features/offices/tables";
export * from "~/features/patches/tables";
export * from "~/features/platforms/tables";
export * from "~/features/playtesting/tables";
export * from "~/features/press/tables";
export * from "~/features/support-report/tables";
export * from "~/platform/db/schema";
