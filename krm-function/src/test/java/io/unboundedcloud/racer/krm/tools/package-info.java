/** The scripts under tools/, run as a person runs them: their help, before anything else. */
package io.unboundedcloud.racer.krm.tools;
