import { exportTiedTo, isTiedTo, listTiedTo, removeTiedItem } from "~/features/privacy-requests/index.server";
import { hasStatusPage, linkToItemOf, statusSummary } from "~/features/status/index.server";
import { type Outcome, ok, refuse } from "~/platform/http/outcome";
import type { Language } from "~/platform/i18n/languages";
import type { DownloadChoice } from "~/platform/privacy/archive.server";
import type { PersonalDataServices } from "~/platform/privacy/personal-data";

/**
 * The account area's "My submissions and data" (docs/requirements.md#account-data,
 * #data-rights): what /privacy/requests lists for an address, the account itself included
 * (which that page only names), for the holder of an account whose address is verified, with
 * each submission's status and its status page. Every item is looked up again by the account's
 * address before anything is done to it, so an id alone (someone else's) opens, downloads and
 * deletes nothing.
 */

/** What the use cases read of the signed-in account. */
export type Holder = { id: string; email: string; emailVerifiedAt: Date | null };

/**
 * The address whose items the holder sees: the account's, once verified. Before that anyone
 * could have typed it, and the account would show a stranger's submissions.
 */
export const verifiedAddress = (holder: Holder): string | null =>
  holder.emailVerifiedAt ? holder.email.toLowerCase() : null;

export type HeldItem = {
  id: string;
  label: string;
  createdOn: string;
  deleteOn: string | null;
  /** Where it stands (its status page's words); null for kinds without a status page. */
  status: string | null;
  /** Its kind has a status page ("Open status page"). */
  statusPage: boolean;
};

export type HeldGroup = { kind: string; items: HeldItem[] };

/**
 * The page's data: the privacy-requests listing of the verified address, each item with where
 * it stands; `verified: false` (and nothing listed) while the address is not verified.
 */
export async function loadAccountData(
  svc: Pick<PersonalDataServices, "db">,
  holder: Holder,
  lang: Language,
): Promise<{ verified: false } | { verified: true; email: string; groups: HeldGroup[] }> {
  const email = verifiedAddress(holder);
  if (email === null) return { verified: false };
  const groups = await listTiedTo(svc, email, lang);
  return {
    verified: true,
    email,
    groups: await Promise.all(
      groups.map(async ({ kind, items }) => {
        // Only kinds with a status page have a one-line status.
        const summaryOf = hasStatusPage(kind) ? (id: string) => statusSummary(svc, kind, id, lang) : null;
        return {
          kind,
          items: await Promise.all(
            items.map(async (item) => ({
              ...item,
              status: summaryOf ? await summaryOf(item.id) : null,
              statusPage: summaryOf !== null,
            })),
          ),
        };
      }),
    ),
  };
}

const notTheirs = () => refuse(404, "NOT_FOUND");

/**
 * "Open status page": a fresh private link to one of the holder's submissions, whose kind has a
 * status page; its token, for the redirect. Refused (404) for anything else.
 */
export async function openHeldStatusPage(
  svc: Pick<PersonalDataServices, "db">,
  holder: Holder,
  kind: string,
  id: string,
): Promise<Outcome<{ token: string }>> {
  const email = verifiedAddress(holder);
  if (email === null || !hasStatusPage(kind)) return notTheirs();
  if (!(await isTiedTo(svc.db, email, kind, id))) return notTheirs();
  // Null when deleted (in another tab, by its retention purge) since it was looked up.
  const token = await linkToItemOf(svc, kind, email, id);
  return token === null ? notTheirs() : ok({ token });
}

/**
 * "Delete" one of the holder's items, for good with its files. The account itself is not
 * deleted here (removeTiedItem refuses it): its own page asks for the password first
 * (account-delete).
 */
export async function deleteHeldItem(
  svc: PersonalDataServices,
  holder: Holder,
  kind: string,
  id: string,
): Promise<Outcome> {
  const email = verifiedAddress(holder);
  if (email === null) return notTheirs();
  const removal = await removeTiedItem(svc, email, kind, id);
  return removal.ok ? ok() : notTheirs();
}

/**
 * "Download": one of the holder's items, or everything (the account and every item listed) in
 * one zip; null when the item is not theirs or the address is not verified.
 */
export async function exportHeldData(
  svc: PersonalDataServices,
  holder: Holder,
  which: DownloadChoice,
): Promise<Uint8Array | null> {
  const email = verifiedAddress(holder);
  if (email === null) return null;
  return exportTiedTo(svc, email, which);
}
