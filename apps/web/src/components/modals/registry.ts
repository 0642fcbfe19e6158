import type { ComponentType } from 'react';

/**
 * The props of each modal, by name (SPEC §2.7). A feature adds its modals by augmenting this
 * interface next to where it registers them:
 *
 *   declare module '../../components/modals/registry' {
 *     interface ModalPropsMap { 'document-rename': { documentId: string; name: string } }
 *   }
 *   registerModal('document-rename', RenameModal);
 *
 * A modal without props is declared with `undefined`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface ModalPropsMap {}

export type ModalName = keyof ModalPropsMap & string;

/** Arguments of open(name, props): props may be left out when the modal takes none. */
export type OpenArgs<N extends ModalName> = undefined extends ModalPropsMap[N]
  ? [props?: ModalPropsMap[N]]
  : [props: ModalPropsMap[N]];

/** What the modal host gives a registered modal component. */
export interface ModalComponentProps<N extends ModalName> {
  /** The props given to open(). */
  props: ModalPropsMap[N];
  /** False while the modal animates out after close(); pass it to AppModal. */
  opened: boolean;
  /** Closes this modal. */
  close: () => void;
}

// Each entry is stored under its own name and only ever rendered with that name's props.
type AnyModalComponent = ComponentType<ModalComponentProps<ModalName>>;
const components = new Map<string, AnyModalComponent>();

/**
 * Makes a modal openable by name. The component may be `React.lazy(() => import(...))`; the host
 * renders it inside Suspense. Registering a name again replaces the component.
 */
export function registerModal<N extends ModalName>(
  name: N,
  component: ComponentType<ModalComponentProps<N>>,
): void {
  components.set(name, component as unknown as AnyModalComponent);
}

export function modalComponent(name: string): AnyModalComponent | undefined {
  return components.get(name);
}

export function isModalRegistered(name: string): boolean {
  return components.has(name);
}
