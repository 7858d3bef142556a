// wouter (and react-i18next) import useSyncExternalStore from the `use-sync-external-store` shim,
// written for React before 18. React 19 has it built in: vite.config.ts points the shim here, so
// a guest's phone does not download a second copy.
export { useSyncExternalStore } from 'react'
