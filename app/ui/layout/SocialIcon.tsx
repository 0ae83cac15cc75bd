import type { ReactNode } from "react";
import type { SocialNetwork } from "./site-identity";

/**
 * Simple, recognisable glyphs for the social networks, drawn for this site on a 24 px grid
 * (inline, so they inherit the link colour and cost no request). Decorative: the link carries
 * the accessible name.
 */
const glyphs: Record<SocialNetwork, ReactNode> = {
  x: (
    <path
      d="M4 4h4.2l11.8 16h-4.2zM19.5 4 13.6 10.6M4.6 20l5.9-6.6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  ),
  youtube: (
    <>
      <rect
        x="2.5"
        y="5.5"
        width="19"
        height="13"
        rx="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M10 9.2v5.6l4.8-2.8z" fill="currentColor" />
    </>
  ),
  instagram: (
    <>
      <rect
        x="3.5"
        y="3.5"
        width="17"
        height="17"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3.8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17.1" cy="6.9" r="1.2" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M7.5 10.5V17M7.5 7.2v.1M11.3 17v-6.5m0 2.6c0-1.6 1.1-2.8 2.6-2.8s2.6 1 2.6 2.8V17"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </>
  ),
  facebook: (
    <path
      d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
    />
  ),
  tiktok: (
    <path
      d="M14 3.5v11.3a3.7 3.7 0 1 1-3.7-3.7M14 3.5c.4 2.6 2.2 4.4 4.8 4.6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  discord: (
    <>
      <path
        d="M7.2 6.3A15 15 0 0 1 10 5.5l.5 1a13 13 0 0 1 3 0l.5-1a15 15 0 0 1 2.8.8c1.9 2.8 2.8 5.8 2.6 9.2A11 11 0 0 1 16 17.4l-.9-1.4M7.2 6.3c-1.9 2.8-2.8 5.8-2.6 9.2A11 11 0 0 0 8 17.4l.9-1.4M7.5 15.2c2.9 1.3 6.1 1.3 9 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.6" cy="11.8" r="1.3" fill="currentColor" />
      <circle cx="14.4" cy="11.8" r="1.3" fill="currentColor" />
    </>
  ),
  twitch: (
    <>
      <path
        d="M5 3.5 3.8 7v12.2h4.4v2.3h2.4l2.3-2.3h3.5l4.3-4.3V3.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
      <path d="M11 8v4.2M15.3 8v4.2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      {glyphs[network]}
    </svg>
  );
}
