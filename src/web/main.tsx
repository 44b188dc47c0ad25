/**
 * The page's entry. On the customer login page only the login form's few kB run (decision 053):
 * React, Mantine and their styles load once the customer has signed in. Every other address
 * loads the React app at once, but the order home once the shell has drawn its messages.
 */
import { isCustomerLoginPage, startCustomerLoginPage } from './login-page/customer-login-page';
import { drawOrderHomeFirstPaint } from './shell/order-home-first-paint';

if (isCustomerLoginPage()) startCustomerLoginPage();
else {
  void drawOrderHomeFirstPaint()
    .then(() => import('./app'))
    .then((app) => app.startApp());
}
