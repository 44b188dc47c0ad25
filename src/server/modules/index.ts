import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { signInAttackRoutes } from './auth/sign-in-attacks.routes.js';
import { backupRoutes } from './backups/backups.routes.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import { customerTypeRoutes } from './customer-types/customer-types.routes.js';
import { customerRoutes } from './customers/customers.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { draftRoutes } from './drafts/drafts.routes.js';
import { invoiceRoutes } from './invoices/invoices.routes.js';
import { messageRoutes } from './messages/messages.routes.js';
import { orderGuideRoutes } from './order-guide/order-guide.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { regenerateRoutes } from './orders/regenerate.routes.js';
import { passkeyRoutes } from './people/passkeys.routes.js';
import { peopleRoutes } from './people/people.routes.js';
import { personSignInRoutes } from './people/person-sign-in.routes.js';
import { productRoutes } from './products/products.routes.js';
import { reminderRoutes } from './reminders/reminders.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { standingOrderRoutes } from './standing-orders/standing-orders.routes.js';
import { userRoutes } from './users/users.routes.js';

/** Every API module, registered under /api/v1. Add a module here and nowhere else. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(authRoutes);
  await api.register(personSignInRoutes);
  await api.register(peopleRoutes);
  await api.register(passkeyRoutes);
  await api.register(signInAttackRoutes);
  await api.register(settingsRoutes);
  await api.register(orderRoutes);
  await api.register(regenerateRoutes);
  await api.register(invoiceRoutes);
  await api.register(productRoutes);
  await api.register(customerRoutes);
  await api.register(orderGuideRoutes);
  await api.register(draftRoutes);
  await api.register(customerTypeRoutes);
  await api.register(messageRoutes);
  await api.register(calendarRoutes);
  await api.register(reminderRoutes);
  await api.register(standingOrderRoutes);
  await api.register(userRoutes);
  await api.register(auditRoutes);
  await api.register(dashboardRoutes);
  await api.register(backupRoutes);
}
