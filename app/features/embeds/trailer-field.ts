import { z } from "zod";
import { parseTrailerUrl } from "./providers";

/**
 * A trailer in content (press kits, news articles): its page on YouTube or Twitch, which the
 * site turns into a click-to-load player. Any other address is refused by the content check.
 */
export const trailerUrl = z
  .url({ protocol: /^https$/ })
  .refine(
    (value) => parseTrailerUrl(value) !== null,
    "Must be a YouTube video (https://www.youtube.com/watch?v=…) or a Twitch video (https://www.twitch.tv/videos/…)",
  );
