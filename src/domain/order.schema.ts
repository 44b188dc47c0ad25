/**
 * The order a customer sends (POST /api/v1/Order): the fields' limits and messages, the zod
 * schemas for the Fastify route, the order form and the types, the customer type's rules and
 * `validateOrder`, which applies every rule of spec sections 5 and 9 on the server. Each part
 * lives in its own module; this one is where the rest of the code imports them from.
 */

export * from './order-body.schema';
export * from './order-fields';
export * from './order-rules';
export * from './order-validation';
