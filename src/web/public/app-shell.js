// The app shell's variant for this address (index.html, decision 049): runs before the body is
// parsed, so the first paint is already the right one. Only the login pages and the customer's
// frame have one; any other address shows nothing until React draws it.
//
// On the customer's pages it also asks the API, at once, what the first screen will ask for
// (the session and the footer; once the session names the customer, on the order home the
// messages, the countdown's dates and the draft, and on the order form what the form loads):
// the answers come while the JavaScript loads, not one after the other behind it. apiFetch
// (src/web/lib/api-client.ts) takes each answer once, for the same path, in the first 10 s;
// what it does not take is dropped.
//
// `window.__startShell(pathname)` does it again for another address: the customer login page
// (decision 053) calls it after signing in, before the app loads.
(() => {
  const start = (pathname) => {
    const path = pathname.replace(/\/+$/, '') || '/';
    const pages = [
      [/^\/maint\/login$/, 'login', 'admin-login'],
      [/^\/(order\/home)?$/, 'customer', 'order-home'],
      [/^\/order\/form\/[^/]+$/, 'customer', 'order-form'],
      [/^\/order\/history$/, 'customer', 'order-history'],
      [/^\/order\/history\/detail\/[^/]+$/, 'customer', 'order-detail'],
    ];
    // The customer login page is a working form in index.html (decision 053), not a stand-in.
    if (/^\/user\/login$/.test(path)) {
      document.documentElement.dataset.login = 'customer';
      return;
    }
    const page = pages.find(([pattern]) => pattern.test(path));
    if (!page) return;
    document.documentElement.dataset.shell = page[1];
    document.documentElement.dataset.shellPage = page[2];
    if (page[1] !== 'customer' || typeof fetch !== 'function') return;

    const early = {};
    window.__earlyAnswers = early;
    setTimeout(() => {
      window.__earlyAnswers = undefined;
    }, 10_000);
    const ask = (apiPath) => {
      const answer = fetch(`/api/v1/${apiPath}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        // Before the app's scripts, which ask for the same connections.
        priority: 'high',
      });
      // Not taken, or taken later: a failure is the taker's to see, never an unhandled rejection.
      answer.catch(() => {});
      early[apiPath] = answer;
      return answer;
    };
    const session = ask('Session');
    const footer = ask('Footer');
    // An answer's JSON, read here as it comes (before apiFetch can take it), for the entry to
    // draw a first paint from; null when refused.
    const read = (answer) => answer.then((res) => (res.ok ? res.clone().json() : null));
    if (page[2] === 'order-form') {
      // The order form's data (order-form-screen.tsx): the customer types, the customer with
      // its products, its orders, the holidays of the next 400 days from today in business
      // time (the app's UPCOMING_HOLIDAY_DAYS, BUSINESS_TZ), and for a new order the draft.
      const fresh = path === '/order/form/0' && !/[?&](copy|change)=/.test(location.search);
      // For a new order, the entry draws the form's first step from them while the app's
      // JavaScript loads (src/web/shell/order-form-first-paint.ts): [types, customer, orders,
      // holidays, the draft's HTTP status, footer], or null when there is nothing to draw.
      const form = read(session).then((s) => {
        const customer = s && s.Role === 'customer' ? s.Customer : null;
        if (!customer || !window.__earlyAnswers) return null;
        const today = new Intl.DateTimeFormat('en-CA', {
          timeZone: 'America/Chicago',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date());
        const [y, m, d] = today.split('-').map(Number);
        const until = new Date(Date.UTC(y, m - 1, d + 400)).toISOString().slice(0, 10);
        const answers = [
          ask('CustomerTypes'),
          ask(`Customer/${customer.Id}`),
          ask(`Orders/${customer.CompanyId}`),
          ask(`Holidays?from=${today}&to=${until}`),
        ];
        if (!fresh) return null;
        const draft = ask(`Customer/${customer.Id}/Draft`).then((res) => res.status);
        return Promise.all([...answers.map(read), draft, read(footer)]);
      });
      form.catch(() => {});
      if (fresh) window.__earlyForm = form;
      return;
    }
    if (page[2] !== 'order-home') return;
    // The messages and the delivery dates: the entry draws them into the shell while the app's
    // JavaScript loads (src/web/shell/order-home-first-paint.ts). Null for either when there is
    // none to draw.
    window.__earlyHome = session
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((s) => {
        const customer = s && s.Role === 'customer' ? s.Customer : null;
        if (!customer || !window.__earlyAnswers) return [null, null];
        const home = Promise.all([
          read(ask(`DisplayMessages/${customer.CustomerTypeId}`)),
          read(ask(`Customer/${customer.Id}/DeliveryDates?count=2`)),
        ]);
        ask(`Customer/${customer.Id}/Draft`);
        return home;
      });
    window.__earlyHome.catch(() => {});
  };
  window.__startShell = start;
  start(location.pathname);
})();
