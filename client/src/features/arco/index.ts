// «Ejercer mis derechos ARCO»: the public form (the derechos-arco route).
export { ARCO_RIGHTS, ArcoRequestForm } from './components/arco-request-form';
