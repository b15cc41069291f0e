// The block page's "Request access" form: the shopper's email and a short message, sent with
// the reference of the blocked visit to the app, which the store's owner reads in the visitor
// log. Loaded only on a block page (the second asset), so the core script stays small. The
// answer's sentence is shown as it comes: the app says what was done or what to correct.
import { ACCESS_REQUEST_PATH, accessRequestLimits } from '@gatehouse/contracts/access-request-path';

/** How long the send waits for the app. */
const SEND_MS = 10000;

function field<C extends HTMLInputElement | HTMLTextAreaElement>(
  form: HTMLFormElement,
  label: string,
  control: C,
): C {
  const wrap = document.createElement('label');
  wrap.textContent = label;
  control.required = true;
  wrap.appendChild(control);
  form.appendChild(wrap);
  return control;
}

async function send(url: string, body: unknown): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_MS);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: controller.signal,
    });
    const answer = (await response.json()) as { message?: unknown; Message?: unknown };
    const said = response.ok ? answer.message : answer.Message;
    if (typeof said == 'string' && said) return said;
  } catch {
    // Told below.
  } finally {
    clearTimeout(timer);
  }
  return 'Your request could not be sent just now. Please try again in a minute, or write to the store.';
}

export function showAccessForm(api: string, shop: string, reference: string): void {
  const main = document.querySelector('#gatehouse-page main');
  if (!main || main.querySelector('form')) return;
  const form = document.createElement('form');
  form.id = 'gatehouse-access';
  form.style.cssText =
    'margin:1.5rem auto 0;max-width:24rem;text-align:left;display:grid;gap:.75rem';
  const title = document.createElement('h2');
  title.textContent = 'Request access';
  title.style.cssText = 'font-size:1.125rem;margin:0';
  form.appendChild(title);
  const controlCss =
    'display:block;width:100%;box-sizing:border-box;margin-top:.25rem;font:inherit;padding:.5rem;' +
    'border:1px solid currentColor;border-radius:6px;background:transparent;color:inherit';
  const email = field(form, 'Your email', document.createElement('input'));
  email.type = 'email';
  email.name = 'email';
  email.autocomplete = 'email';
  email.maxLength = accessRequestLimits.email;
  const message = field(form, 'Why you need access', document.createElement('textarea'));
  message.name = 'message';
  message.rows = 3;
  message.maxLength = accessRequestLimits.message;
  email.style.cssText = message.style.cssText = controlCss;
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Send request';
  button.style.cssText =
    'font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid currentColor;cursor:pointer;' +
    'background:currentColor';
  const label = document.createElement('span');
  label.textContent = button.textContent;
  // The button's text in the page's background colour, on the text colour.
  label.style.color = getComputedStyle(document.body).backgroundColor;
  button.replaceChildren(label);
  form.appendChild(button);
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  form.appendChild(status);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    status.textContent = 'Sending…';
    void send(api + ACCESS_REQUEST_PATH, {
      shop,
      reference,
      email: email.value,
      message: message.value,
    }).then((said) => {
      status.textContent = said;
      button.disabled = false;
    });
  });
  main.appendChild(form);
}
