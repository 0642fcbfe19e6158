/** The signing feature's public surface, composed by routes. */
export { AuditPanel } from './components/AuditPanel';
export { SigneesPanel } from './components/SigneesPanel';
export { SigningActions, type SigningActionsProps } from './components/SigningActions';
export { registerSigningModals } from './modals';
