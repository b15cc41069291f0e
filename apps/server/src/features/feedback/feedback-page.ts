// The small, self-contained HTML pages of /feedback.html: no scripts (the CSP allows none
// inline), inline styles only, every dynamic value escaped.
import { escapeHtml } from '@gatehouse/html';

const STYLE = `
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif;
    background: #f1f1f1; color: #303030; }
  main { max-width: 520px; margin: 64px auto; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgba(0,0,0,.15); padding: 32px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  p { line-height: 1.5; }
  .stars { color: #ffb800; font-size: 24px; letter-spacing: 2px; }
  textarea { width: 100%; box-sizing: border-box; min-height: 120px; font: inherit; padding: 8px;
    border: 1px solid #8a8a8a; border-radius: 8px; }
  button { margin-top: 12px; background: #303030; color: #fff; border: 0; border-radius: 8px;
    padding: 10px 16px; font: inherit; cursor: pointer; }
  .error { color: #8e1f0b; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gatehouse</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export const COMMENT_MAX = 1000;

export function ratingPage(rating: number, token: string, error?: string): string {
  const stars = '★'.repeat(rating) + '☆'.repeat(5 - rating);
  return page(
    'Thank you for your rating',
    `<h1>Thank you for rating Gatehouse</h1>
<p class="stars" aria-label="${rating} of 5 stars">${stars}</p>
<p>We read every rating. If you tell us what we could do better, we will work on it.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/feedback.html">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="comment">Your comment (optional)</label>
  <textarea id="comment" name="comment" maxlength="${COMMENT_MAX}" required></textarea>
  <button type="submit">Send feedback</button>
</form>`,
  );
}

export function thanksPage(): string {
  return page(
    'Thank you',
    `<h1>Thank you!</h1><p>Your feedback has been sent. You can close this page.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
