type Props = { html: string; className?: string; lang?: string };

/**
 * HTML the server rendered from Markdown and sanitized (platform/markdown/markdown.server.ts):
 * the only way pages show content-authored markup.
 */
export function RichText({ html, className, lang }: Props) {
  return (
    <div
      className={className ? `rich-text ${className}` : "rich-text"}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by renderMarkdown on the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
