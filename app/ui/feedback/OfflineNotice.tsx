import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useOnlineStatus } from "./use-online-status";

/** How long "back online" stays after the connection returns. */
const BACK_ONLINE_MS = 4000;

/**
 * A polite notice while the browser is offline, and a short one when it is back
 * (docs/requirements.md#errors-and-feedback). The live region is always in the page, so screen
 * readers announce what appears in it.
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  const { t } = useTranslation("feedback");
  const wasOffline = useRef(false);
  const [backOnline, setBackOnline] = useState(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = window.setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

  return (
    <div className="offline-notice" role="status" aria-live="polite">
      {!online ? (
        <p className="offline-notice__message" data-state="offline">
          <span className="offline-notice__dot" aria-hidden="true" />
          {t("offline.offline")}
        </p>
      ) : backOnline ? (
        <p className="offline-notice__message" data-state="online">
          <span className="offline-notice__dot" aria-hidden="true" />
          {t("offline.online")}
        </p>
      ) : null}
    </div>
  );
}
