"""Matplotlib drawings of data, models and traces, in one house style.

Plotting draws; it never trains. The style is colour-blind safe (the
Okabe-Ito palette) and tells classes apart by marker shape too, so a figure
still reads in greyscale or on a washed-out projector. Call
:func:`use_house_style` once per notebook, and :func:`present` before
presenting to enlarge everything.

One module per notebook (``perceptron``, ``information``, ``mle``, ``naive_bayes``, ...) on top of
``geometry`` (points, hyperplanes, decision regions) and the house style; every
name is importable from ``plotting`` itself.
"""

from ._style import (PALETTE, MARKERS, LINESTYLES, HOUSE_STYLE, PRESENTATION_STYLE, use_house_style,
                     present, class_style)
from .geometry import (plot_data, plot_markers, hyperplane_segment, half_plane_polygon, normal_arrow,
                       plot_hyperplane, grid_points, region_colormap, plot_decision_regions,
                       ellipse_points, contour_lines, padded_limits, plot_shading)
from .perceptron import (plot_surrogate_losses, plot_proof_curves, PROOF_PANELS)
from .information import (plot_pmf, surprise_label, plot_entropy_gauge, filled_area,
                          plot_density_and_fit, histogram_density, bin_edges_around,
                          plot_standardized_histogram)
from .mle import (plot_likelihood, plot_log_likelihood, plot_objectives, plot_running_product,
                  plot_sampling_distributions, plot_exceedance, MLE_STYLE, plain_number,
                  power_of_ten, nice_upper_limit, label_in_units)
from .newton import (METHOD_STYLES, MODEL_COLOR, ERROR_FLOOR, plot_chord, loss_on_grid, plot_loss_surface,
                     plot_path, model_ellipse, plot_errors, plot_scalar_function)
from .discriminant import (BOUNDARY_STYLES, grid_axes, boundary_segments, plot_boundaries,
                           class_tints, posterior_image, plot_posterior, plot_class_ellipses, move_class_ellipses,
                           error_area, plot_error_areas, plot_expected_losses, plot_confusion_matrix,
                           plot_score_grid)
from .naive_bayes import (bar_style, plot_class_bars, plot_covariance_ellipses,
                          level_curve, posterior_colormap, plot_reliability, plot_log_odds, plot_learning_curves)
from .description import describe, alt_text, plain_text, use_alt_text
from .logistic import (plot_loss_contours, plot_descent_path, plot_loss_gap, plot_binary_targets,
                       plot_coefficients, plot_regularization_path, gap_levels, square_view, OPTIMUM_STYLE,
                       PATH_STYLE)
