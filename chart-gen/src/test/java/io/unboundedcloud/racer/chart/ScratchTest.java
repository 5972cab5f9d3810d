package io.unboundedcloud.racer.chart;
import org.junit.jupiter.api.Test;
class ScratchTest { @Test void lint() { var r = io.unboundedcloud.racer.chart.support.HelmRun.lintStrict(); System.out.println("LINT failed=" + r.isFailed() + " n=" + r.getMessages().size() + " " + String.join(" || ", r.getMessages())); } }
