/**
 * A new order's first step drawn into the static shell from app-shell.js's early answers (issue
 * 22, decision 056), while the app's JavaScript still loads: the steps, the delivery date with
 * its earliest date and the next three dates, the contact of the last order, Continue, and the
 * footer, in the boxes and at the sizes React then draws (delivery-step.tsx, order-form.tsx,
 * order-form-nav.tsx, customer-layout's footer; tests/e2e/first-paint.spec.ts compares them).
 *
 * It is a working form, not a picture of one: the customer can tap a date and type in the
 * boxes, and the React form takes what was done over with the focus and the caret
 * (order-form-takeover.ts). The calendar opens when React is there, and Continue waits for it.
 */
import { firstSelectableDeliveryDate, nextSelectableDeliveryDates } from '../../domain/delivery-date';
import { type CustomerTypeRules, deliveryDateContext } from '../../domain/order-rules';
import type { OrderSummary } from '../../domain/order-view.schema';
import { maskPhone } from '../../domain/phone';
import { isReferenceCustomerType, REFERENCE_PO_MAX } from '../../domain/reference-po';
import { BUSINESS_TZ } from '../features/order/business-tz';
import { formatDate, formatWeekdayDate } from '../features/order/date-format';
import { lastContact } from '../features/order/last-contact';
import { textShape } from './text-shape';

/** app-shell.js's answers for a new order, each null when refused; the draft's as its HTTP status. */
export type EarlyForm = [
  types: CustomerTypeRules[] | null,
  customer: { CustomerTypeId: number } | null,
  orders: { Orders: OrderSummary[] } | null,
  holidays: { Date: string; Name: string }[] | null,
  draftStatus: number,
  footer: { Footer: string } | null,
];

declare global {
  interface Window {
    /** app-shell.js: what a new order's form loads, or null when there is nothing to draw. */
    __earlyForm?: Promise<EarlyForm | null>;
  }
}

/** The step labels (order-form.tsx's STEP_LABELS). */
const STEPS = ['Create New Order', 'Select Your Products', 'Preview Order'];

type Attributes = Record<string, string | boolean>;

function el(tag: string, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...children);
  return element;
}

function field(name: string, label: string, input: Attributes, description?: string): HTMLElement {
  const id = `sf-${name}`;
  return el(
    'div',
    { class: 'sf-field' },
    el(
      'label',
      { class: 'sf-label', for: id },
      label,
      el('span', { class: 'sf-req', 'aria-hidden': 'true' }, ' *'),
    ),
    el('input', { class: 'sf-input', id, 'data-field': name, ...input }),
    ...(description ? [el('p', { class: 'sf-desc' }, description)] : []),
  );
}

/** The step-1 form, or null when the answers do not make one (React then draws the screen). */
export function orderFormFirstStep(answers: EarlyForm, now: Date): HTMLElement | null {
  const [types, customer, orders, holidays, draftStatus] = answers;
  // An unsent order is offered first (design.md 7.3): React draws that offer, not this form.
  if (draftStatus !== 404 || !customer || !Array.isArray(types)) return null;
  const customerType = types.find((t) => t.Id === customer.CustomerTypeId);
  if (!customerType) return null;
  const ctx = deliveryDateContext({
    now,
    tz: BUSINESS_TZ,
    customerType,
    ...(Array.isArray(holidays) ? { holidays: new Map(holidays.map((h) => [h.Date, h.Name])) } : {}),
  });
  const contact = lastContact(Array.isArray(orders?.Orders) ? orders.Orders : []);

  const steps = el('div', { class: 'sf-steps' });
  STEPS.forEach((label, step) => {
    if (step > 0) steps.append(el('div', { class: 'sf-sep' }));
    steps.append(
      el(
        'div',
        { class: step === 0 ? 'sf-step sf-current' : 'sf-step', 'aria-current': step === 0 ? 'step' : false },
        el('span', { class: 'sf-step-icon' }, String(step + 1)),
        el('span', { class: 'sf-step-label' }, label),
      ),
    );
  });

  const dateButton = el(
    'button',
    { type: 'button', class: 'sf-input sf-date', id: 'sf-DeliveryDate', 'data-field': 'DeliveryDate' },
    el('span', { class: 'sf-placeholder' }, 'Pick a delivery date'),
  );
  // The calendar is React's: a tap on the field is remembered, and React's form opens it.
  dateButton.addEventListener('click', () => {
    dateButton.dataset.opened = 'true';
  });
  const quick = el('div', { class: 'sf-quick', role: 'group', 'aria-label': 'Next delivery dates' });
  for (const date of nextSelectableDeliveryDates(ctx, 3)) {
    const button = el(
      'button',
      { type: 'button', class: 'sf-button', 'aria-pressed': 'false', 'data-date': date },
      formatWeekdayDate(date),
    );
    // As QuickDates does: the date is chosen and shows in the field.
    button.addEventListener('click', () => {
      for (const other of quick.children) other.setAttribute('aria-pressed', String(other === button));
      dateButton.replaceChildren(formatDate(date));
    });
    quick.append(button);
  }
  const dateField = el(
    'div',
    { class: 'sf-stack' },
    el(
      'div',
      { class: 'sf-field' },
      el(
        'label',
        { class: 'sf-label', for: 'sf-DeliveryDate' },
        'Delivery Date',
        el('span', { class: 'sf-req', 'aria-hidden': 'true' }, ' *'),
      ),
      dateButton,
      el(
        'p',
        { class: 'sf-desc' },
        `Earliest delivery date: ${formatDate(firstSelectableDeliveryDate(ctx))}`,
      ),
    ),
    quick,
  );

  const grid = el(
    'div',
    { class: 'sf-grid' },
    dateField,
    field('Name', 'Name', { autocomplete: 'name', maxlength: '100', value: contact?.Name ?? '' }),
    field('Phone', 'Phone', {
      type: 'tel',
      inputmode: 'tel',
      autocomplete: 'tel-national',
      placeholder: '(999) 999-9999',
      value: maskPhone(contact?.Phone ?? ''),
    }),
    field('Email', 'Email', { type: 'email', autocomplete: 'email', value: contact?.Email ?? '' }),
  );
  if (isReferenceCustomerType(customerType.Id))
    grid.append(
      field('ReferencePO', 'Reference PO', { autocomplete: 'off' }, `Up to ${REFERENCE_PO_MAX} characters`),
    );

  const form = el(
    'form',
    { class: 'sf-form', novalidate: true, 'aria-label': 'New order', 'data-shell-form': true },
    el('div', { class: 'sf-stepper' }, steps, grid),
    el(
      'div',
      { class: 'sf-nav' },
      el('p', { class: 'sf-hint', id: 'sf-hint' }, 'Fill in the fields above to continue.'),
      el(
        'button',
        { type: 'submit', class: 'sf-continue', disabled: true, 'aria-describedby': 'sf-hint' },
        'Continue',
      ),
    ),
  );
  // Enter in a box would submit the page away: the order goes on from React's form.
  form.addEventListener('submit', (event) => event.preventDefault());
  return form;
}

/** The footer (customer-layout's), from its early answer. */
function footer(answer: EarlyForm[5]): HTMLElement | null {
  if (!answer || typeof answer.Footer !== 'string' || answer.Footer.trim() === '') return null;
  return el('div', { class: 'sh-footer' }, el('div', {}, textShape(answer.Footer)));
}

/** How long the app's JavaScript waits for the answers at most (a slow API must not hold it). */
const WAIT_AT_MOST_MS = 2000;

/**
 * On a new order's form, draws the first step into the shell if it is still there when the
 * answers come. Settles once it is drawn (or not coming), at the latest after WAIT_AT_MOST_MS:
 * the entry starts the app's JavaScript then, as on the order home (order-home-first-paint.ts).
 * Elsewhere it settles at once.
 */
export function drawOrderFormFirstPaint(): Promise<void> {
  const early = window.__earlyForm;
  if (document.documentElement.dataset.shellPage !== 'order-form' || !early) return Promise.resolve();
  const drawn = early
    .then((answers) => {
      const content = document.querySelector('#app-shell .sh-content');
      const form = answers && content ? orderFormFirstStep(answers, new Date()) : null;
      if (!content || !form || !answers) return;
      for (const block of content.querySelectorAll('.sh-block')) block.remove();
      content.append(form);
      const below = footer(answers[5]);
      if (below) content.append(below);
      // A form to use, no longer a stand-in to skip: the page's main part, under its heading.
      const shell = document.getElementById('app-shell');
      shell?.removeAttribute('aria-hidden');
      shell?.classList.add('sf-drawn');
      shell?.querySelector('.sh-main')?.setAttribute('role', 'main');
      const title = shell?.querySelector('.sh-title');
      title?.setAttribute('role', 'heading');
      title?.setAttribute('aria-level', '1');
    })
    .catch(() => {});
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS))]);
}
