/**
 * The page's entry. On the customer login page only the login form's few kB run (decision 053):
 * React, Mantine and their styles load once the customer has signed in. Every other address
 * loads the React app at once.
 */
import { isCustomerLoginPage, startCustomerLoginPage } from './login-page/customer-login-page';

if (isCustomerLoginPage()) startCustomerLoginPage();
else void import('./app').then((app) => app.startApp());
