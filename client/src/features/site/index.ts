// The site's frame (header with the session, footer) and the public pages' shared sections.
export { ClosingCall } from './components/closing-call';
export { VisitStudio } from './components/visit-studio';
export { SiteShell } from './components/site-shell';
