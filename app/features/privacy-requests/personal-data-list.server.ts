import { accountPersonalData } from "~/features/account/index.server";
import { alertPersonalData } from "~/features/alerts/index.server";
import { applicationPersonalData } from "~/features/careers/index.server";
import { cookieChoicesPart } from "~/features/consent/index.server";
import { contactPersonalData } from "~/features/contact/index.server";
import { linkedPlatformsPart } from "~/features/platforms/index.server";
import { playtestPersonalData } from "~/features/playtesting/index.server";
import { issueReportPersonalData } from "~/features/support-report/index.server";
import type { PersonalDataSource } from "~/platform/privacy/personal-data";

/**
 * Every kind of personal data tied to an e-mail address, one line each: the only place the
 * data-rights pages name a feature. The order is the page's. A function, read once every
 * feature has loaded. A feature that starts storing something a visitor sent adds its line here
 * (and the db test of this folder checks that nothing of the person is left in any table).
 */
export function personalDataSources(): PersonalDataSource[] {
  return [
    accountPersonalData([linkedPlatformsPart, cookieChoicesPart]),
    applicationPersonalData,
    playtestPersonalData,
    alertPersonalData,
    issueReportPersonalData,
    contactPersonalData,
  ];
}
