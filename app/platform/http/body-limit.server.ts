import type { RequestHandler } from "express";

/**
 * Refuses page requests (form posts to React Router actions) whose body is too large before
 * anything reads it. Multipart bodies may carry files (a form's upload field without
 * JavaScript), so they may be as large as the upload limit plus the form's own fields.
 *
 * The declared Content-Length is enough: Node's HTTP parser never lets a body run past it. A
 * body without one (chunked) could not be measured before React Router streams it, and no
 * browser form sends one, so it is refused with 411.
 *
 * A page may answer before its body is read (a refusal in a middleware or before the action
 * reads its form). React Router's request stream then holds the rest of a large body paused, and
 * the next request on that keep-alive connection would wait behind it forever: once the answer
 * is sent, what nobody read is read and dropped.
 */
export function limitPageBodies(options: { maxBytes: number; multipartMaxBytes: number }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) {
        res.status(411).type("text/plain").send("Length Required");
        return;
      }
      return next();
    }
    const multipart = req.is("multipart/form-data") === "multipart/form-data";
    const limit = multipart ? options.multipartMaxBytes : options.maxBytes;
    if (Number(declared) > limit) {
      // Close the connection rather than read the whole oversized body.
      res.set("Connection", "close").status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  };
}
