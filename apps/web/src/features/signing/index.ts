/** The signing feature's public surface, composed by routes. */
export { SigneesPanel } from './components/SigneesPanel';
export { SigningActions, type SigningActionsProps } from './components/SigningActions';
export { registerSigningModals } from './modals';
