/**
 * The page's entry. Its styles are linked in the page's head (the server draws the customer
 * pages with them, issue 34); the app then hydrates the page, or draws it (app.tsx).
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app.css';
import './features/order/worksheet.css';
import { startApp } from './app';

void startApp();
