import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { productRoutes } from './products/products.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';

/** Every API module, registered under /api/v1. Add a module here and nowhere else. */
export async function apiRoutes(api: FastifyInstance) {
  await api.register(authRoutes);
  await api.register(settingsRoutes);
  await api.register(orderRoutes);
  await api.register(productRoutes);
}
