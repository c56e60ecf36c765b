import type { MallDeps } from './mall.deps.ts';
import type { MallPart } from './mall.part.ts';
import { MallCartService } from './mall-cart.service.ts';
import { MallOrdersService } from './mall-orders.service.ts';
import { MallFulfilment } from './mall-fulfilment.ts';
import { MallWxpayService } from './mall-wxpay.service.ts';
import { mallOrdersAdminRoutes, mallOrdersRoutes, type OrdersServices } from './mall-orders.routes.ts';
import { registerMallOrderJobs } from './mall-orders.jobs.ts';

/**
 * The buying side of the mall: the cart, settlement and orders (one per seller within a source, each with
 * a wallet bill), WeChat payment through a wallet top-up, expiry, cancellation, staff fulfilment into the
 * customer's parcels, and rebates.
 */
export function createOrdersPart(d: MallDeps): MallPart<OrdersServices> {
  const fulfilment = new MallFulfilment(d);
  const services: OrdersServices = {
    cart: new MallCartService(d),
    orders: new MallOrdersService(d, fulfilment),
    fulfilment,
    wxpay: new MallWxpayService(d),
  };
  fulfilment.register();
  return {
    services,
    handlers: { mall: mallOrdersRoutes(services), mallAdmin: mallOrdersAdminRoutes(services) },
    jobs: (queue) => registerMallOrderJobs(queue, fulfilment),
    stop: () => fulfilment.stop(),
  };
}
