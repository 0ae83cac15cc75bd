import type { TFunction } from "i18next";
import type { z } from "zod";
import type { Db, Tx } from "~/platform/db/client.server";
import type { FormReply, FormSuccess } from "~/platform/forms/parse-form.server";
import { formatDate } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import type { SubmissionSource } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";

/**
 * What a feature tells the status pages about its kind of submission (an application, a
 * contact message…), as `PersonalDataSource` does for the data-rights pages: the status
 * feature lists the sources and knows nothing else of them. The view is the browser's half,
 * registered beside the source (`StatusViewProps`, view.ts).
 */

export type StatusServices = Pick<Services, "db" | "config" | "logger" | "uploads">;

/** A submission's status page as its feature shapes it, in the visitor's language. */
export type StatusPageOf<Data> = {
  /** The page's heading (and title): the submission's own words or the feature's. */
  title: string;
  /** When its retention rule deletes it, as a date of the visitor's language. */
  deleteOn: string;
  /** What the view shows. */
  data: Data;
};

/** What the page says once an action is done: a message for the page it returns to. */
export type StatusMessage = { kind: "success" | "error"; messages: string[] };

/** What an action did. */
export type StatusActionResult =
  /** Done or refused for a reason the page explains: back to the page with this message. */
  | { message: StatusMessage }
  /** The form's errors, shown in it (a form the visitor fills in). */
  | { result: FormReply }
  /** The item is no longer there: refused as a link that opens nothing. */
  | { notFound: true };

/** Something the visitor may do from the page, by the post's `intent`. */
export type StatusAction<Schema extends z.ZodType = z.ZodType> = {
  /** The post's fields (besides `intent`). */
  schema: Schema;
  /**
   * A form the visitor fills in: a post its schema refuses comes back with the errors in the
   * form. Otherwise (a button) such a post is a 400 with the messages.
   */
  form?: boolean;
  run(
    svc: StatusServices,
    itemId: string,
    value: z.output<Schema>,
    reply: FormSuccess<z.output<Schema>>["reply"],
  ): Promise<StatusActionResult>;
};

export type StatusSource<Data = unknown> = {
  /** Its submissions' personal data: their kind (the links' kind), download and deletion. */
  personalData: SubmissionSource;
  /** The page of submission `id`, or null once it no longer exists. */
  page(db: Db, id: string, lang: Language): Promise<StatusPageOf<Data> | null>;
  /** The translation key of the title its page gives the submission's current state. */
  summaryKey(data: Data): string;
  /**
   * The submissions sent from `address` (lost links are sent again to it), each with the line
   * the e-mail gives it: never the visitor's own words, since anyone can type any address. Read
   * `for key share` in `tx`, the transaction that links them: a deletion waits, then takes the
   * links.
   */
  sentFrom(
    tx: Tx,
    address: string,
    text: { t: TFunction; lang: Language },
  ): Promise<Array<{ id: string; label: string }>>;
  /** What the visitor may do on the page, by intent ("withdraw", "confirm"…). */
  // biome-ignore lint/suspicious/noExplicitAny: each action parses its own schema's output.
  actions?: Record<string, StatusAction<any>>;
};

/** Identity, typed: a feature writes `defineStatusSource({ … })`. */
export const defineStatusSource = <Data>(source: StatusSource<Data>): StatusSource<Data> => source;

/** Identity, typed by the action's schema. */
export const defineStatusAction = <Schema extends z.ZodType>(action: StatusAction<Schema>) => action;

/** A date as status pages and their e-mails show it: the day, in the visitor's language. */
export const statusDay = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);
