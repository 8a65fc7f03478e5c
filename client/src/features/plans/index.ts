// The plans on sale and the client's own plans: the planes and clases routes.
export { MyPlans } from './components/my-plans';
export { PlansGrid } from './components/plans-grid';
