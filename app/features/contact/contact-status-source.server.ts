import { defineStatusSource, statusDay } from "~/platform/status/source.server";
import type { ContactStatusData } from "./ContactStatusView";
import { contactMessagesOf, contactStatus } from "./contact-status.server";
import { contactPersonalData } from "./personal-data.server";

/** A contact message's status page: received or answered, and when. */
export const contactStatusSource = defineStatusSource<ContactStatusData>({
  personalData: contactPersonalData,
  async page(db, id, lang) {
    const status = await contactStatus(db, id);
    if (!status) return null;
    return {
      title: status.subject,
      deleteOn: statusDay(status.expiresAt, lang),
      data: {
        subject: status.subject,
        category: status.category,
        status: status.status,
        sentOn: statusDay(status.createdAt, lang),
        answeredOn: status.answeredAt ? statusDay(status.answeredAt, lang) : null,
      },
    };
  },
  summaryKey: (data) => `contact:status.${data.status}.title`,
  async sentFrom(tx, address, { t, lang }) {
    const messages = await contactMessagesOf(tx, address);
    // Never the visitor's own words (a subject): the topic and the day.
    return messages.map((message) => ({
      id: message.id,
      label: t("status:kinds.contact", {
        topic: t(`contact:form.categories.${message.category}`),
        date: statusDay(message.createdAt, lang),
      }),
    }));
  },
});
