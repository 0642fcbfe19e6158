export { AppModal, ModalConfirmButton, type AppModalProps } from './AppModal';
export { ModalHost } from './ModalHost';
export {
  isModalRegistered,
  registerModal,
  type ModalComponentProps,
  type ModalName,
  type ModalPropsMap,
  type OpenArgs,
} from './registry';
export { MODAL_EXIT_MS, modalStore, useModals, type ModalEntry, type Modals } from './store';
