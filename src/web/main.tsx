/**
 * The page's entry. On the customer login page only the login form's few kB run (decision 053):
 * React, Mantine and their styles load once the customer has signed in. Every other address
 * loads the React app at once, but the order home once the shell has drawn its messages, and a
 * new order's form once the shell has drawn its first step.
 */
import { isCustomerLoginPage, startCustomerLoginPage } from './login-page/customer-login-page';

/**
 * Settles once the browser has painted what the shell drew: a frame's callback runs before its
 * paint, a task it queues after it. The app's scripts and styles are asked for only then, so that
 * the phone paints the first screen before it downloads and parses them (issue 22). At most
 * 100 ms: a tab in the background paints no frame.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

if (isCustomerLoginPage()) startCustomerLoginPage();
else {
  const page = document.documentElement.dataset.shellPage;
  const firstPaint =
    page === 'order-home' || page === 'order-form'
      ? import('./shell/first-paint').then((shell) => shell.drawFirstPaint()).then(afterPaint)
      : Promise.resolve();
  void firstPaint
    .catch(() => {})
    .then(() => import('./app'))
    .then((app) => app.startApp());
}
