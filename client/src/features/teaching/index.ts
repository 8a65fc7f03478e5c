// Teaching's public surface: "Mis clases a impartir" (instructors) and the open cover requests (Horario).
export { TeachingPage } from './components/teaching-page';
export { CoverRequestsPanel } from './components/cover-requests-panel';
