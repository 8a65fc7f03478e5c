// «Solicitudes ARCO»: the admin's list of ARCO requests and their answers (the arco route).
export { AdminArco } from './components/admin-arco';
