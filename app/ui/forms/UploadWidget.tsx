import { type ReactNode, useEffect, useRef, useState } from "react";
import { formMessage, translateMessage } from "~/platform/forms/messages";
import {
  bytesPerKb,
  defaultUploadLimits,
  exceedsUploadLimits,
  maxMbLabel,
  truncateFileName,
  type UploadLimits,
  uploadAccept,
} from "~/platform/forms/upload-rules";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import { describedBy, type Field, FieldLabel, fieldClass } from "./Field";
import { discardUpload, sendUpload, UploadFailed } from "./upload-client";
import {
  createUploadItem,
  isUploaded,
  itemMessages,
  newUploadUuid,
  readServerRefusal,
  settleDelayMs,
  type UploadItem,
} from "./upload-items";

/** Small files in KB, the rest in MB: "0 MB" would tell the visitor nothing. */
function sizeLabel(item: UploadItem, t: (key: string, params: Record<string, unknown>) => string): string {
  return item.bytes < bytesPerKb * bytesPerKb
    ? t("upload.sizeKb", { size: Math.max(1, Math.round(item.bytes / bytesPerKb)) })
    : t("upload.sizeMb", { size: item.size });
}

function extensionLabel(name: string, type: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toUpperCase() : type;
}

/**
 * File upload (docs/requirements.md#uploads). With JavaScript, each chosen or dropped file is
 * checked (type, size, count and total) and, if it passes, sent at once to the upload store
 * with a progress bar; the form then posts the stored files' ids. Without JavaScript it is a
 * plain file input and the form posts the files themselves; the same schema (`uploadFiles`)
 * checks both.
 */
export function UploadWidget({
  field,
  label,
  hint,
  url = "/api/uploads",
  payload = {},
  limits = defaultUploadLimits,
  accept = uploadAccept,
  typesText,
  className,
}: {
  field: Field<(string | File)[] | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  /** Where files go: the site's upload store unless a feature has its own. */
  url?: string;
  /** Extra fields sent with each file (e.g. what the file is for). */
  payload?: Record<string, string>;
  limits?: UploadLimits;
  /** A narrower `accept` than every allowed type (e.g. résumés: ".pdf,.doc,.docx"); the server still checks. */
  accept?: string;
  /** The accepted types in words, when `accept` is narrower than the default. */
  typesText?: string;
  className?: string;
}) {
  const { t } = useTranslation("forms");
  const enhanced = useHydrated();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [limitError, setLimitError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const hiddenRef = useRef<HTMLDivElement>(null);
  const aborts = useRef(new Map<string, () => void>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const uploadedCount = items.filter(isUploaded).length;

  useEffect(() => {
    const pending = aborts.current;
    const waiting = timers.current;
    return () => {
      for (const abort of pending.values()) abort();
      for (const timer of waiting) clearTimeout(timer);
    };
  }, []);

  // Tell the form its value changed, so an error shown for this field is checked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the set of uploaded files changes.
  useEffect(() => {
    hiddenRef.current?.querySelector("input")?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [uploadedCount]);

  const update = (uuid: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.uuid === uuid ? { ...item, ...change } : item)));

  const start = (item: UploadItem, file: File) => {
    const request = sendUpload(url, file, payload, (progress) => update(item.uuid, { progress }));
    aborts.current.set(item.uuid, request.abort);
    // An item no longer in `aborts` was removed meanwhile: its answer is not news to anyone.
    const removed = () => !aborts.current.has(item.uuid);
    request.done
      .then((answer) => {
        if (removed()) {
          if (answer.deleteUrl) discardUpload(answer.deleteUrl);
          return;
        }
        update(item.uuid, { status: "success", progress: 100, id: answer.id, deleteUrl: answer.deleteUrl });
        setAnnouncement(t("upload.announce.success", { name: item.name }));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          update(item.uuid, { status: "done" });
        }, settleDelayMs);
        timers.current.add(timer);
      })
      .catch((error: unknown) => {
        if (removed()) return;
        const refusal = readServerRefusal(error instanceof UploadFailed ? error.messages : []);
        update(item.uuid, { status: "error", ...refusal });
        setAnnouncement(t("upload.announce.error", { name: item.name }));
      })
      .finally(() => aborts.current.delete(item.uuid));
  };

  const remove = (item: UploadItem, announce = true) => {
    const abort = aborts.current.get(item.uuid);
    aborts.current.delete(item.uuid);
    abort?.();
    setLimitError(undefined);
    if (item.deleteUrl) discardUpload(item.deleteUrl);
    setItems((list) => list.filter((other) => other.uuid !== item.uuid));
    if (announce) setAnnouncement(t("upload.announce.removed", { name: item.name }));
  };

  const add = (files: File[]) => {
    if (!files.length) return;
    setLimitError(undefined);
    const fresh = files.map((file) => ({ file, item: createUploadItem(file, limits, newUploadUuid()) }));
    const accepted = fresh.filter(({ item }) => item.status !== "error");
    const kept = items.filter((item) => item.status !== "error");
    // A one-file field takes a new choice as a replacement, as a plain file input would.
    const replacing = limits.maxFiles === 1 && accepted.length === 1;
    const after = replacing
      ? accepted.map(({ file }) => file)
      : [...kept.map((i) => ({ size: i.bytes })), ...accepted.map(({ file }) => file)];
    if (exceedsUploadLimits(after, limits)) {
      setLimitError(formMessage("fileLimit", { limit: limits.maxFiles, size: maxMbLabel(limits) }));
      return;
    }
    if (replacing) for (const item of items) remove(item, false);
    setItems((list) => [...(replacing ? [] : list), ...fresh.map(({ item }) => item)]);
    for (const { file, item } of accepted) start(item, file);
  };

  const fieldErrors = [...(field.errors ?? []), ...(limitError ? [limitError] : [])];
  const invalid = fieldErrors.length > 0;
  const hintId = field.descriptionId;
  const labelId = `${field.id}-label`;
  const limitsText =
    limits.maxFiles === 1
      ? t("upload.limitOne", { size: maxMbLabel(limits) })
      : t("upload.limitMany", { limit: limits.maxFiles, size: maxMbLabel(limits) });

  return (
    <div className={fieldClass("upload", invalid, className)}>
      <FieldLabel htmlFor={field.id} id={labelId} required={field.required}>
        {label}
      </FieldLabel>
      <p className="field__hint" id={hintId}>
        {hint ? <>{hint} </> : null}
        {limitsText} {typesText ?? t("upload.types")}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for pointers; the keyboard uses the file input inside. */}
      <div
        className={`upload${enhanced ? " upload--enhanced" : ""}${dragging ? " upload--dragging" : ""}`}
        onDragOver={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          setDragging(false);
          add([...event.dataTransfer.files]);
        }}
      >
        <input
          type="file"
          id={field.id}
          // Enhanced, the files travel on their own and the form posts their ids instead.
          name={enhanced ? undefined : field.name}
          form={field.formId}
          accept={accept}
          multiple={limits.maxFiles > 1}
          className={enhanced ? "upload__input visually-hidden" : "upload__input field__control"}
          aria-labelledby={labelId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(invalid && field.errorId, hintId)}
          onChange={(event) => {
            if (!enhanced) return;
            add([...(event.currentTarget.files ?? [])]);
            // So choosing the same file again is a change too.
            event.currentTarget.value = "";
          }}
        />
        {enhanced ? (
          // The visible face of the visually hidden input: a click opens the file picker.
          <label className="upload__zone" htmlFor={field.id}>
            <span className="upload__choose">
              {t(limits.maxFiles === 1 ? "upload.chooseOne" : "upload.chooseMany")}
            </span>
            <span className="upload__drop">{t("upload.drop")}</span>
          </label>
        ) : null}
      </div>
      {items.length ? (
        <ul className="upload__list">
          {items.map((item) => (
            <UploadRow key={item.uuid} item={item} onRemove={() => remove(item)} />
          ))}
        </ul>
      ) : null}
      <div ref={hiddenRef} hidden>
        {items.filter(isUploaded).map((item) => (
          <input key={item.uuid} type="hidden" name={field.name} form={field.formId} value={item.id} />
        ))}
      </div>
      <div className="field__error" id={field.errorId}>
        {fieldErrors.map((message) => (
          <p key={message}>{translateMessage(t, message)}</p>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function UploadRow({ item, onRemove }: { item: UploadItem; onRemove: () => void }) {
  const { t } = useTranslation("forms");
  const messages = itemMessages(item);
  const status =
    item.status === "loading"
      ? t("upload.status.loading", { progress: item.progress })
      : t(`upload.status.${item.status}`);
  return (
    <li className={`upload-item upload-item--${item.status}`} data-status={item.status}>
      <div className="upload-item__main">
        <span className="upload-item__name" title={item.name}>
          {truncateFileName(item.name)}
        </span>
        <span className="upload-item__meta">
          {extensionLabel(item.name, item.type)} · {sizeLabel(item, t)}
        </span>
        <span className="upload-item__status">{status}</span>
        {item.status === "loading" ? (
          <progress
            className="upload-item__progress"
            max={100}
            value={item.progress}
            aria-label={t("upload.progress", { name: item.name })}
          />
        ) : null}
        {messages.map((message) => (
          <p className="upload-item__error" key={message}>
            {translateMessage(t, message)}
          </p>
        ))}
      </div>
      <button
        type="button"
        className="upload-item__remove"
        aria-label={t("upload.remove", { name: item.name })}
        onClick={onRemove}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
