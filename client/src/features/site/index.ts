// The public pages' shared sections: the home, estudio and beneficios routes.
export { ClosingCall } from './components/closing-call';
export { VisitStudio } from './components/visit-studio';
