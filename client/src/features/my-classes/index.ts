// "Mis clases": the clases route.
export { CalendarFeed } from './components/calendar-feed';
export { MyClasses } from './components/my-classes';
