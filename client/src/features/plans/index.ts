// The plans on sale and the client's own plans: the planes and clases routes.
export { MyPlans } from './components/my-plans';
export { PlansGrid, buyAfterLoginHref } from './components/plans-grid';
export { plansSearchSchema } from './search';
export { PlanHistoryButton, PlanHistoryList } from './components/plan-history';
